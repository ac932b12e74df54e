"""Shared tables: one headless table process, many terminals (issue 11, Linux only).

``wire`` turns the engine's actions, events and views into JSON lines and back;
``transport`` is the socket (an abstract-namespace Unix socket, trust from the
kernel's ``SO_PEERCRED`` and a short code); ``host`` is the table process's logic
(who holds which seat, what each terminal may see); ``process`` runs it detached;
``remote`` is the controller a table screen drives in another terminal. Nothing here
imports Textual: the table process stays small.
"""
