"""Every use of Textual's private API, one module per workaround.

party-dice pins Textual exactly (``textual==8.2.8``). Where the public API cannot do what
the app needs, the private attribute or method is used here and nowhere else, and
``tests/textual_compat/`` fails when the pinned Textual changes it, so that an upgrade
shows which workaround to revisit:

- ``calling_screen``: which screen the running code runs for (``textual._context``,
  ``DOMNode._parent``).
- ``key_burst``: keys typed ahead act in order, each on the screen the keys before it
  left (``App._screen_stack``, ``App._replace_screen``, ``Screen._pop_result_callback``).
- ``crash_output``: save before Textual shuts down on an error, and keep tracebacks in a
  file (``App._handle_exception``, ``App._print_error_renderables``,
  ``App._exit_renderables``).
- ``safe_palette``: the command palette's search worker outliving the palette
  (``CommandPalette._gather_commands`` and three private watchers and actions).
- ``option_list_paging``: PgUp/PgDn on an ``OptionList`` not laid out yet
  (``OptionList._move_page``, ``OptionList._index_to_line``).
- ``stale_nodes``: a screen closed or not composed yet ignores the handlers and actions
  that still reach it (``MessagePump._dispatch_message``, ``App._dispatch_action``,
  ``App._handle_exception``, ``textual._context.active_message_pump``).
- ``terminal_input``: installs, in the Linux drivers' input thread, ``input_decoding``
  (bytes that are not UTF-8 become U+FFFD), ``extended_keys`` (``ESC [ n u`` beyond
  U+10FFFF is ignored), ``unended_paste`` (a bracketed paste left open ends) and
  ``unasked_reports`` (a window size reported on the input counts only if asked for)
  and ``lone_escape`` (a read of one ESC is the Escape key, at once, without the 100 ms
  wait); ``textual._xterm_parser.XTermParser`` and the drivers' module globals.
- ``gone_terminal``: a write to a terminal gone (EIO) drops the output instead of
  ending Textual's writer thread, whose full queue then blocked the event loop and the
  hang-up save (``LinuxDriver._file``).
- ``stray_continue``: a SIGCONT (the kernel sends one with a hang-up's SIGHUP) starts
  application mode again only after the driver's own SIGTSTP; Textual's restart from
  inside a frame being written blocked the loop and the hang-up save; a SIGTSTP stops
  the app after the frame being written, not inside it, where it waited for the
  frame's lock for good (``LinuxDriver._sigcont_application``,
  ``LinuxDriver._sigtstp_application``, ``LinuxDriver._must_signal_resume``).
- ``quit_lane``: Ctrl+Q overtakes a backlog of unhandled keys (``App._post_message``,
  ``MessagePump._message_queue``).
- ``inner_outer_cache``: a widget gone takes its rendered lines with it; Textual's
  per-instance cache of two background styles kept the last 1024 widgets' lines alive
  (``StylesCache.get_inner_outer``).
- ``lean_output``: the terminal is sent a style only when it changes, a cursor move
  only when the cursor is elsewhere and a cell only when it shows something else
  (``Driver.write``; it undoes ``Strip.render``'s style and reset around every segment
  and the whole regions Textual repaints; ``App._driver`` to forget the cells on a
  resize); ``lean_sgr``, ``lean_cells`` and ``lean_scroll`` are its parts that know no
  Textual.

``patches.apply()`` installs the ones that patch Textual's classes in place (the
others are mixins of the app).
"""
