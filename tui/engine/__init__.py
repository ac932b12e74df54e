"""The rules of both games in pure Python: no Textual, no Rich (a test checks it)."""
