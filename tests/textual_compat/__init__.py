"""Guards for ``tui.textual_compat``: each test fails when the pinned Textual's private
API that a workaround uses changes, or when the workaround stops having its effect."""
