"""The page's Python (a placeholder until the table is built): shows a deal as text.

Reads ``?deal=N`` from the address; a bad value gets a clear message and deal 1.
"""

from pyscript import document, window

from solitaire import SolitaireError, get_game

game = get_game("tabbycat")
status = document.getElementById("status")
raw = window.URLSearchParams.new(window.location.search).get("deal")
number = 1
if raw is not None:
    try:
        number = int(raw)
        game.deal(number)
        status.textContent = f"Deal {number}"
    except (ValueError, SolitaireError):
        number = 1
        status.textContent = "That deal number is not valid (1 to 18446744073709551615); showing deal 1."
else:
    status.textContent = f"Deal {number}"
document.getElementById("board").textContent = game.format(game.deal(number))
document.body.dataset.ready = "1"
