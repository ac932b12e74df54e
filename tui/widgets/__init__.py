"""Widgets shared by the game tables: one widget per module.

They draw what they are given (state flows down from the table screen) and post
messages for what a player asks (intent flows up). None of them knows which game is
being played; the game-specific parts (dice for Aces, cards for Chase) are separate
widgets chosen by ``tui.table.kit``.
"""
