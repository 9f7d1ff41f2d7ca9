"""What the game controller and the page say to players: one catalogue of English
templates, by key, so another language can be added as another catalogue.

A :class:`Message` is a ``str`` (its English text, so it prints and compares as the
sentence) that also carries its ``key`` and ``params``. Params named ``place``, ``src``
or ``dst`` are place ids and are put in words; a :class:`~solitaire.cards.Card` is
written as players read it. Sentences are whole templates, never glued from pieces.

>>> print(Message("hint_move", src="pile-2", dst="tail", count=14))
Hint: move pile 2 to the tail (14 moves to a win).
>>> Message("deal_started", number=7).key
'deal_started'
"""

from .cards import Card, card_label
from .text import place_label

ENGLISH: dict[str, str] = {
    # starting and restoring
    "saved_unreadable": ("Your saved game could not be read ({why}). It was kept aside as "
                         "'{key}' and a new game was started."),
    "stats_unreadable": ("Your statistics could not be read ({why}). They were kept aside as "
                         "'{key}' and new counts started."),
    "prefs_unreadable": ("Your settings could not be read ({why}). They were kept aside as "
                         "'{key}' and the defaults are back."),
    "start_failed": "Something went wrong while restoring your game ({why}); here is a new game.",
    "no_game": "This site has no game called '{name}'; here is Tabby Cat.",
    "bad_deal_link": "The deal number in the address is not valid, so here is your game.",
    "bad_daily_link": "That daily link is not valid ({why}), so here is your game.",
    "daily_not_out": "the daily of {day} is not out yet",
    "bad_query": "The address could not be read, so here is your game.",
    # dealing
    "random_deal": "A random deal: Winnable is off for this game (see the toggle).",
    "finding_winnable": "Finding a winnable deal: checking deal {number}\u2026",
    "new_deal_cancelled": "New deal cancelled.",
    "no_winnable_found": "No winnable deal found this time; try again.",
    "deal_proved": "Deal {number}: the solver proved it can be won.",
    "deal_started": "Deal {number}.",
    "not_a_deal_number": ("'{text}' is not a deal number: use a whole number from 1 to "
                          "18446744073709551615."),
    "dealing_daily": "Dealing the daily of {day}\u2026",
    "daily_cancelled": "Daily deal cancelled.",
    "daily_none": "No daily deal could be made for {day}.",
    "daily_started": "The daily deal of {day}: the same board for everyone.",
    # searches that outlive their board
    "new_deal_dropped": "The search for a new deal stopped: this board is the one in play.",
    "hint_dropped": "The hint search stopped: the position changed.",
    # playing
    "cannot_move": "That card cannot move.",
    "no_deal": "No deal: {why}.",
    "cannot_drop": "Cannot drop there: {why}",
    "restarted": "Back to the start of this deal. Undo brings your moves back.",
    "restart_undone": "Your moves are back, as they were before Restart.",
    "nothing_to_pick": "Nothing to pick up there.",
    "picked": "{place} picked: now press the key of its target, Esc to drop it.",
    "nothing_fits": "Nothing from {place} can go there.",
    "cannot_choose": "That card cannot move: choose a card of a run that can.",
    "chosen_one": "{card} chosen from {place}: now choose where it goes (Esc to drop it).",
    "chosen_many": ("{card} and the cards on it chosen from {place}, {count} cards: now "
                    "choose where they go (Esc to drop them)."),
    "unchosen": "Choice dropped.",
    "leave_game": ("A game is in progress. Leave it for {game}? It will count as lost."),
    "leave_yes": "Leave it",
    "leave_no": "Keep playing",
    "game_won": "You won.",
    "lost_reason": "{why}",
    "no_deals_left": "no deals left",
    "winnable_off": "{why}",
    "write_failed_prefs": "Your settings could not be saved ({why}).",
    # hints
    "looking_for_line": "Looking for a winning line\u2026",
    "hint_move": "Hint: move {src} to {dst} ({count} moves to a win).",
    "hint_deal": "Hint: deal ({count} moves to a win).",
    "no_line": "There is no winning line from here.",
    "no_line_within": "The solver found no winning line from here within {budget:,} positions.",
    "looking_back": "Looking back: position after move {count}\u2026",
    "offer_undo_one": "A win was still possible 1 move ago. Undo back to there?",
    "offer_undo_many": "A win was still possible {back} moves ago. Undo back to there?",
    "no_earlier_win": "No earlier position of this game could be proved winnable.",
    "undone_to_win": "Undone to a position that can still be won. Try Hint again.",
    # announcements (for screen readers)
    "said_move": "{card} to {dst}.",
    "said_moves": "{count} cards from {src} to {dst}.",
    "said_deal": "Dealt; {left} deals left.",
    "said_deal_one": "Dealt; 1 deal left.",
    "said_auto": "{card} to {dst} by itself.",
    "said_bare": "{card} turned up on {place}.",
    "said_run_off": "A run is complete: {runs} of {total}.",
    "said_undo": "Undone.",
    "said_undo_move": "Undone: {card} back to {dst}.",
    "said_undo_deal": "Undone: the deal.",
    "said_redo": "Redone.",
    "said_redo_move": "Redone: {card} to {dst}.",
    "said_redo_deal": "Redone: the deal.",
    "said_selected": "{card}, chosen.",
    # the board read aloud (solitaire.reading)
    "place_empty": "{place}: empty.",
    "place_down_only": "{place}: {down} face down.",
    "place_one": "{place}: {top}.",
    "place_cards": "{place}: {first} to {top}.",
    "place_run": "{place}: {first} to {top}, run from {run}.",
    "place_down_one": "{place}: {down} face down, then {top}.",
    "place_down_cards": "{place}: {down} face down, then {first} to {top}.",
    "place_down_run": "{place}: {down} face down, then {first} to {top}, run from {run}.",
    "stock_name": "stock: {left} deals left.",
    "stock_name_one": "stock: 1 deal left.",
    "stock_name_empty": "stock: empty.",
    "card_name": "{card}, {words}, {index} of {count}",
    "tail_label": "Tail",
    "board_name": "{game} table",
    # the end of a game
    "won_deal": "Deal {number} won in {moves} moves and {time}.",
    "won_daily": "The daily of {day} won in {moves} moves and {time}.",
    "share_deal": "{game} deal {number}: won in {moves} moves, {time}.",
    "share_daily": "{game} daily {day}: won in {moves} moves, {time}.",
    "copied": "Copied to the clipboard: {text}",
    "copy_this": "Copy this link: {text}",
    # two tabs
    "other_tab_game": ("This game was changed in another tab. Load that game here, or keep "
                       "this one (the other tab will be told)?"),
    "other_tab_loaded": "Loaded the game from the other tab.",
    "other_tab_synced": "This game moved on in another tab; here it is as it is there.",
    "other_tab_kept": "Kept this tab's game; it is saved now.",
    "load_theirs": "Load it",
    "keep_mine": "Keep this one",
    # statistics
    "stats_exported": "Statistics exported.",
    "import_bad": "That file is not a statistics export ({why}); nothing was changed.",
    "import_offer": ("The file holds {games}. Merge it with your statistics, or replace "
                     "them? Yours are kept under '{key}' either way."),
    "import_game": "{game}: {played} played, {won} won",
    "import_none": "no finished games",
    "merge": "Merge",
    "replace": "Replace",
    "cancel": "Cancel",
    "imported_merged": "Statistics imported and merged with yours.",
    "imported_replaced": "Statistics imported; they replace yours.",
    "import_cancelled": "Import cancelled; nothing was changed.",
    "write_failed_stats": ("Your statistics could not be saved ({why}); they are kept in this "
                           "tab only. Free some storage to keep them."),
    "write_failed_game": "Your game could not be saved ({why}); it is kept in this tab only.",
    "write_failed": "the browser's storage refused it (full or blocked)",
    "undo": "Undo",
    "no": "No",
    "stats_title": "{game}: statistics",
    "stat_played": "Played", "stat_won": "Won", "stat_win_rate": "Win rate",
    "stat_streak": "Streak", "stat_best_streak": "Best streak", "stat_best_time": "Best time",
    "stat_fewest_moves": "Fewest moves", "stat_daily_streak": "Daily streak",
    "percent": "{value}%",
    "chart_none": "No games finished yet.",
    "chart_label": "Last {count} games: {won} won",
    "chart_won": "{day}: won, {moves} moves",
    "chart_lost": "{day}: lost, {moves} moves",
    "chart_older": "older", "chart_latest": "latest",
    "day_won": "{num}, {day}, won", "day_played": "{num}, {day}, played", "day_plain": "{num}, {day}",
    "month_year": "{month} {year}",
    "month_1": "January", "month_2": "February", "month_3": "March", "month_4": "April",
    "month_5": "May", "month_6": "June", "month_7": "July", "month_8": "August",
    "month_9": "September", "month_10": "October", "month_11": "November",
    "month_12": "December",
    "dow_0": "Mo", "dow_1": "Tu", "dow_2": "We", "dow_3": "Th", "dow_4": "Fr", "dow_5": "Sa",
    "dow_6": "Su",
    "deal_label": "Deal", "daily_label": "Daily",
}

PLACE_PARAMS = ("place", "src", "dst")
def place_words(name: str) -> str:
    """``pile-2`` -> ``pile 2``: the engine's own words for a place."""
    return place_label(name)


def card_words(card: Card) -> str:
    """A card as players read it: ``8♥``, ``10♦``."""
    return card_label(card)


def render(key: str, params: dict, catalogue: dict = ENGLISH) -> str:
    """A template filled in: places and cards in words, other params as they are."""
    words = {}
    for name, value in params.items():
        if isinstance(value, Card):
            value = card_words(value)
        elif name in PLACE_PARAMS and isinstance(value, str):
            value = place_words(value)
        words[name] = value
    return catalogue[key].format(**words)


class Message(str):
    """A sentence from the catalogue: its English text, with ``key`` and ``params``."""

    key: str
    params: dict

    def __new__(cls, key: str, /, **params):
        self = super().__new__(cls, render(key, params))
        self.key, self.params = key, params
        return self

    def __reduce__(self):
        return (_message, (self.key, self.params))


def _message(key, params):
    return Message(key, **params)


def text(key: str, /, **params) -> str:
    """The English text of a key (for labels)."""
    return str(Message(key, **params))


def clock_text(seconds) -> str:
    """A clock: ``m:ss``, or ``h:mm:ss`` from an hour.

    >>> clock_text(75), clock_text(3725)
    ('1:15', '1:02:05')
    """
    seconds = int(seconds)
    if seconds < 3600:
        return f"{seconds // 60}:{seconds % 60:02d}"
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
