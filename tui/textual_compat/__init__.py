"""Workarounds for bugs of Textual's that players meet, and every use of its private API.

party-dice pins Textual (``textual==8.2.8``) and Rich. Where Textual crashes, hangs,
loses input or a save, draws wrongly or leaks memory, one module here works around it,
and nothing else lives here. ``install`` installs them all, once, when ``tui.app`` is
imported, each only if the names it needs are there (a name gone skips it with one line
in the log); ``PARTY_DICE_TEXTUAL_FIXES=off`` runs stock Textual. ``UPSTREAM.md`` has a
row for each (the upstream issue, its state, when it can go) and the runbook for a new
Textual; ``tests/textual_compat/`` has a guard test for each.

- The input thread (``terminal_input`` puts them in the drivers' decoder and parser):
  ``input_decoding``, ``input_end``, ``extended_keys``, ``unended_paste``,
  ``unasked_reports``, ``lone_escape``.
- The terminal driver (mixins, ``fixed_app``): ``gone_terminal``, ``stray_continue``.
- The app (mixins of ``fixed_app.FixedApp``): ``crash_output``, ``stale_nodes``,
  ``quit_lane``, ``key_burst``.
- Patched in place: ``option_list_paging``, ``inner_outer_cache``, ``whole_glyphs``,
  ``stale_nodes``' message handlers.
"""
