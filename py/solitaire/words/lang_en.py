"""The English catalogue: every sentence and label players see, by key.

One catalogue per language (:mod:`solitaire.words.lang_es` has the same keys and params);
:mod:`solitaire.words.text` fills them in. Params named ``place``, ``src``, ``dst`` or ending in
``_place`` are place ids, params holding a Card are cards; both are put in words.
"""

ENGLISH: dict[str, str] = {
    # ---- the engine: why a move is not allowed ----------------------------------------
    # every game
    "no_place": "{game} has no place called '{name}'",
    "own_place": "cards cannot move onto their own place",
    "count": "{place} holds {held} card(s), so {count} cannot move",
    "foundation_stays": "cards on a foundation stay there",
    "stock_empty": "the stock is empty: all {deals} deals are done",
    # Tabby Cat, Tabbycat relaxed, Manx
    "deal_notation": "the stock deals one card onto every pile: write 'deal'",
    "foundation_top_only": "only the top card of a foundation comes back, onto a pile",
    "stock_takes_nothing": "nothing goes back to the stock",
    "runs_leave_alone": "finished runs leave for a foundation by themselves",
    "tail_whole": "the tail gives back its run only whole ({count} cards)",
    "not_a_run": "those {count} cards are not one run: only the top {run} of {place} move together",
    "tail_full": "the tail already holds a run",
    "tail_single": "the {game} tail holds a single card",
    "builds_down": "{card} cannot go on {onto}: a card goes on one a rank higher, or a King on an Ace",
    "foundation_gave_back": ("this game can no longer be won unless every card on {place} "
                             "comes back: it gave a card back, and a foundation takes only a "
                             "whole run of 13, and only when it is empty"),
    # Tuxedo
    "not_a_group": ("those {count} cards are not one same-suit group: only the top {run} "
                    "of {place} move together"),
    "foundation_one_at_a_time": "cards go to a foundation one at a time",
    "foundation_needs_ace": "{card} cannot go to {place}: an empty foundation starts with an Ace",
    "ace_needs_empty": "{card} cannot go to {place}: an Ace starts an empty foundation",
    "foundation_builds_up": "{card} cannot go on {onto}: a foundation builds up in suit",
    "cell_one": "a cell holds one card",
    "cell_full": "{place} is full",
    "cell_to_cell": "a card in a cell goes back to a pile or a foundation, never to another cell",
    "king_only": "only a King, or a group headed by a King, fills an empty pile",
    "builds_in_suit": "{card} cannot go on {onto}: a pile builds down in suit",
    # Spider
    "deal_notation_columns": "the stock deals one card onto every column: write 'deal'",
    "deal_needs_columns": "a deal needs every column filled: fill the empty columns first",
    "not_a_column": "'{name}' is not a column: moves go from column to column (1 to 10)",
    "face_down": "face-down cards cannot move",
    "count_column": "column {column} holds {held} card(s), so {count} cannot move",
    "one_suit_group": "only a descending group of one suit moves together",
    "builds_down_any_suit": "{card} cannot go on {onto}: a card goes on one a rank higher",
    # ---- the controller ----------------------------------------------------------------
    # starting and restoring
    "saved_unreadable": ("Your saved game could not be read ({why}). It was kept aside as "
                         "'{key}' and a new game was started."),
    "stats_unreadable": ("Your statistics could not be read ({why}). They were kept aside as "
                         "'{key}' and new counts started."),
    "prefs_unreadable": ("Your settings could not be read ({why}). They were kept aside as "
                         "'{key}' and the defaults are back."),
    "start_failed": "Something went wrong while restoring your game ({why}); here is a new game.",
    "saved_held": ("Your saved game could not be read ({why}), and there is no room to keep a "
                   "copy aside, so it stays under '{key}', untouched. This game is kept in this "
                   "tab only until there is room."),
    "stats_held": ("Your statistics could not be read ({why}), and there is no room to keep a "
                   "copy aside, so they stay under '{key}', untouched. New games are counted in "
                   "this tab only: export them to keep them."),
    "prefs_held": ("Your settings could not be read ({why}), and there is no room to keep a "
                   "copy aside, so they stay under '{key}', untouched; the defaults apply in "
                   "this tab."),
    "stats_held_offer": ("The statistics stored here cannot be read and are left as they are. "
                         "Export the games counted in this tab?"),
    "stats_held_tab": ("The statistics stored under '{key}' cannot be read and are left as "
                       "they are, so these are kept in this tab only: export them to keep them."),
    "export_now": "Export",
    "dismiss": "Not now",
    "saved_daily_refused": ("Your saved game says it is the daily of {day}, but deal {number} is "
                            "not that day's deal: it goes on as an ordinary deal."),
    "saved_daily_unchecked": ("Your saved game says it is the daily of {day}; that could not be "
                              "checked here, so deal {number} goes on as an ordinary deal."),
    "no_game": "This site has no game called '{name}'; here is Tabby Cat.",
    "bad_deal_link": "The deal number in the address is not valid, so here is your game.",
    "bad_daily_link": "That daily link is not valid ({why}), so here is your game.",
    "daily_not_out": "the daily of {day} is not out yet",
    "bad_query": "The address could not be read, so here is your game.",
    # dealing
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
    "write_failed_prefs": "Your settings could not be saved ({why}).",
    # hints
    "looking_for_line": "Looking for a winning line\u2026",
    "hint_move": "Hint: move {src} to {dst} ({count} moves to a win).",
    "hint_deal": "Hint: deal ({count} moves to a win).",
    "no_line": "There is no winning line from here.",
    "no_line_within": "The solver found no winning line from here within {budget} positions.",
    "looking_back": "Looking back: position after move {count}\u2026",
    "offer_undo_one": "A win was still possible 1 move ago. Undo back to there?",
    "offer_undo_many": "A win was still possible {back} moves ago. Undo back to there?",
    "no_earlier_win": "No earlier position of this game could be proved winnable.",
    "undone_to_win": "Undone to a position that can still be won. Try Hint again.",
    # fair hints (face-down cards unknown), "still winnable?", difficulty
    "looking_for_fair_hint": "Looking for a hint from what you can see\u2026",
    "hint_fair_move": ("Hint: move {src} to {dst}. From what you can see, it starts a win "
                       "in {wins} of {samples} guesses at the face-down cards."),
    "hint_fair_deal": ("Hint: deal. From what you can see, it starts a win in {wins} of "
                       "{samples} guesses at the face-down cards."),
    "hint_fair_lost": ("This position looks lost: in all {samples} guesses at the face-down "
                       "cards, the solver proved there is no win."),
    "offer_full_check": "Check with every card known, the face-down ones included?",
    "check_now": "Check",
    "hint_fair_no_win": ("No hint: no win in any of the {samples} guesses at the face-down "
                         "cards ({lost} proved lost; in {open} the search ran out first). "
                         "Menu \u2192 Is this deal still winnable? asks the solver, which "
                         "knows the face-down cards."),
    "hint_fair_ran_out": ("No hint yet: in each of the {samples} guesses at the face-down "
                          "cards the search ran out of positions ({budget} in all) before "
                          "finding a win. Menu \u2192 Is this deal still winnable? asks the "
                          "solver, which knows the face-down cards."),
    "checking_winnable": "Checking with every card known whether this deal can still be won\u2026",
    "still_winnable_yes": ("Yes: the solver, knowing every card, proved this deal can still "
                           "be won from here ({count} moves)."),
    "check_cancelled": "The winnable check was cancelled.",
    "check_dropped": "The winnable check stopped: the position changed.",
    "finding_easy": "Finding an easy deal: rating deal {number}\u2026",
    "finding_medium": "Finding a medium deal: rating deal {number}\u2026",
    "finding_hard": "Finding a hard deal: rating deal {number}\u2026",
    "deal_easy": "Deal {number}: rated easy.",
    "deal_medium": "Deal {number}: rated medium.",
    "deal_hard": "Deal {number}: rated hard.",
    "deal_easy_proved": "Deal {number}: rated easy, and the solver proved it can be won.",
    "deal_medium_proved": "Deal {number}: rated medium, and the solver proved it can be won.",
    "deal_hard_proved": "Deal {number}: rated hard, and the solver proved it can be won.",
    "no_easy_found": "No easy deal found in {tries} tries; try again.",
    "no_medium_found": "No medium deal found in {tries} tries; try again.",
    "no_hard_found": "No hard deal found in {tries} tries; try again.",
    "rating_easy": "easy", "rating_medium": "medium", "rating_hard": "hard",
    "rating_title": ("Difficulty: how often a simple player wins this deal in 20 tries "
                     "(easy: 5 or more, hard: 1 or none)"),
    "rating_none": "not rated yet",
    "day_won_rated": "{num}, {day}, won, {rating}",
    "day_played_rated": "{num}, {day}, played, {rating}",
    "day_plain_rated": "{num}, {day}, {rating}",
    "ui_still_winnable": "Is this deal still winnable?",
    "ui_still_winnable_title": ("Asks the solver, which knows the face-down cards: yes, or no "
                                "and where a win was still possible. Hint uses only what you see."),
    "ui_show_win": "Show me a win",
    "ui_show_win_title": ("The solver finds a winning line from here and plays it for you to "
                          "watch; take over from any point of it."),
    "finding_win_to_show": "Looking for a win to show you\u2026",
    "offer_show_reveal": ("To show a win, the solver must use the face-down cards, and the "
                          "replay will show them. Go on?"),
    "show_yes": "Show me",
    "show_found": "A win in {count} moves from here: watch it, or play from any point of it.",
    "show_cancelled": "Show me a win was cancelled.",
    "show_dropped": "Show me a win stopped: the position changed.",
    "ui_game_text": "Game as text",
    "ui_game_text_title": "This game as text for the command line, or open a game from such text",
    "ui_game_text_help": ("This game as the command line\u2019s play command. Copy it, or paste "
                          "a game written so and open it."),
    "ui_copy": "Copy",
    "ui_open": "Open",
    "text_copied": "Copied to the clipboard.",
    "text_copy_yourself": "The clipboard is not available here: the text is selected, copy it yourself.",
    "ui_difficulty": "New deals",
    "ui_difficulty_any": "Any difficulty",
    "ui_difficulty_easy": "Easy", "ui_difficulty_medium": "Medium", "ui_difficulty_hard": "Hard",
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
    # the board read aloud (solitaire.words.reading)
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
    "card_read": "{card}, {spoken}, {index} of {count}",
    # the end of a game
    "won_deal": "Deal {number} won in {moves} moves and {time}.",
    "won_daily": "The daily of {day} won in {moves} moves and {time}.",
    "win_time": "Time: {time}",
    "win_moves": "Moves: {moves}",
    "win_streak": "Streak: {streak} won in a row (best {best})",
    "win_daily_won": "Today's daily: won",
    "win_daily_lost": "Today's daily: played, not won yet",
    "win_daily_open": "Today's daily: not played yet",
    "share_deal": "{game} deal {number}: won in {moves} moves, {time}.",
    "share_daily": "{game} daily {day}: won in {moves} moves, {time}.",
    "text_bad": "That text cannot be opened ({why}); your game is unchanged.",
    "text_opened": "Opened from text: {game}, deal {number}, {moves} moves played.",
    "copied": "Copied to the clipboard: {text}",
    "copy_this": "Copy this link: {text}",
    "share_with_link": "{result} {link}",
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
    "game_too_long": "the game is longer than a saved game may be",
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
    "day_won": "{num}, {day}, won", "day_played": "{num}, {day}, played",
    "day_plain": "{num}, {day}",
    "month_year": "{month} {year}",
    "month_1": "January", "month_2": "February", "month_3": "March", "month_4": "April",
    "month_5": "May", "month_6": "June", "month_7": "July", "month_8": "August",
    "month_9": "September", "month_10": "October", "month_11": "November",
    "month_12": "December",
    "dow_0": "Mo", "dow_1": "Tu", "dow_2": "We", "dow_3": "Th", "dow_4": "Fr", "dow_5": "Sa",
    "dow_6": "Su",
    "deal_label": "Deal", "daily_label": "Daily",
    # ---- reading records: why a saved game, settings, statistics or a date are refused --
    "rec_not_text": "the record is not text",
    "rec_too_large": "the record is too large ({chars} characters, at most {most})",
    "rec_brackets": "the record is not valid JSON (its brackets do not match)",
    "rec_too_deep": "the record is nested deeper than {depth} levels",
    "rec_not_json": "the record is not valid JSON (line {line}, column {column})",
    "rec_not_number": "the record holds {value}, which is not a number",
    "rec_not_finite": "the record holds {value}, which is not a finite number",
    "rec_game_not_record": "the saved game is not a record",
    "rec_game_version": "the saved game has version {version}, not {expected}",
    "rec_game_unknown": "the saved game is of an unknown game, {name!r}",
    "rec_game_deal": "the saved game has a bad deal number {value!r}",
    "rec_game_deal_range": "the saved game's deal number is out of range: deal numbers run from 1 to {most}",
    "rec_game_moves": "the saved game's moves are not a list of moves",
    "rec_game_clock": "the saved game has a bad clock {value!r}",
    "rec_game_daily": "the saved game has a bad daily date",
    "rec_game_field": "the saved game has a bad '{field}'",
    "rec_game_move": "the saved game's move {number} ({move!r}) fails: {why}",
    "rec_game_redo": "the saved game's redo move {number} ({move!r}) fails: {why}",
    "rec_game_restart": "the saved game's restart record fails: {why}",
    "rec_prefs_not_record": "the settings are not a record",
    "rec_setting_not_bool": "the setting {name!r} is not on or off",
    "rec_theme": "the theme is neither light nor dark",
    "rec_lang": "the language is not one the page speaks",
    "rec_difficulty": "the difficulty is not easy, medium or hard",
    "rec_daily_cache": "the daily cache is not a record",
    "rec_daily_cache_entry": "the daily cache has a bad entry",
    "rec_stats_not_record": "the statistics are not a statistics record",
    "rec_stats_newer": "the statistics were written by a newer version (schema {schema})",
    "rec_stats_layout": "the statistics have an unknown layout (schema {schema})",
    "rec_stats_field": "the statistics have a bad '{field}'",
    "rec_stats_too_many": "the statistics hold too many results",
    "rec_stats_twice": "the statistics count game {id!r} twice",
    "rec_stats_result": "the statistics have a bad result",
    "rec_stats_result_id": "the statistics have a result with a bad id",
    "rec_stats_result_field": "the statistics' result {id!r} has a bad '{field}'",
    "rec_stats_game_name": "the statistics name a bad game",
    "rec_stats_game": "the statistics of {game_id!r} are damaged",
    "rec_stats_game_field": "the statistics of {game_id!r} have a bad '{field}'",
    "rec_stats_more_won": "the statistics of {game_id!r} are damaged (more won than played)",
    "rec_stats_streaks": "the statistics of {game_id!r} are damaged (the streaks do not add up)",
    "rec_stats_wins": "the statistics of {game_id!r} have a '{field}' that does not match the wins",
    "rec_stats_history": "the statistics of {game_id!r} have a bad history entry",
    "rec_stats_daily_day": "the statistics of {game_id!r} have a daily that is not a date: {day!r}",
    "rec_stats_daily": "the statistics of {game_id!r} have a bad daily {day}",
    "rec_stats_too_many_games": "the statistics hold too many games",
    "rec_stats_folded": "the statistics list result {id!r} among the totals already",
    "rec_text_empty": "the text is empty: paste a game written as python3 -m solitaire play --game GAME DEAL MOVES",
    "rec_text_command": "the text is not the command python3 -m solitaire play",
    "rec_text_word": "word {number} ({word!r}) is not part of the play command",
    "rec_text_game": "the text names an unknown game, {name!r}",
    "rec_text_no_deal": "the text has no deal number",
    "rec_text_deal": "{word!r} is not a deal number: the page opens a deal number (1 to 2^64-1), not a position file",
    "rec_text_too_many": "the text has {count} moves, at most {most}",
    "rec_text_not_move": "move {number} ({word!r}) is not a move: moves are written like 1>3, 2>t*3 or deal",
    "rec_text_move": "move {number} ({move!r}) cannot be played: {why}",
    "rec_date_form": "bad date {text!r}: write YYYY-MM-DD, like 2027-01-01",
    "rec_date_day": "bad date {text!r}: there is no such day",
    "rec_date_range": "no daily deal for {text}: dailies run from {first} to {last}",
    "rec_date_bad": "the date is not a real day written YYYY-MM-DD",
    "rec_daily_none": "no candidate of {day} was proved winnable",
    # ---- places and cards in words ------------------------------------------------------
    "place_pile": "pile {number}",
    "place_cell": "cell {number}",
    "place_foundation": "foundation {number}",
    "place_tail": "the tail",
    "place_stock": "the stock",
    "place_piles": "the piles",
    "game_tabbycat": "Tabby Cat", "game_tabbycat-relaxed": "Tabbycat relaxed", "game_manx": "Manx",
    "game_tuxedo": "Tuxedo", "game_spider1": "Spider (one suit)",
    "game_spider2": "Spider (two suits)", "game_spider4": "Spider (four suits)",
    "game_short_tabbycat": "Tabby Cat", "game_short_tabbycat-relaxed": "Tabby relaxed",
    "game_short_manx": "Manx", "game_short_tuxedo": "Tuxedo", "game_short_spider1": "Spider 1 suit",
    "game_short_spider2": "Spider 2 suits", "game_short_spider4": "Spider 4 suits",
    "card_name": "{rank} of {suit}",
    "rank_1": "ace", "rank_11": "jack", "rank_12": "queen", "rank_13": "king",
    "suit_S": "spades", "suit_H": "hearts", "suit_D": "diamonds", "suit_C": "clubs",
    # ---- the page's labels (index.html's data-i18n, the table, the panels) ---------------
    "ui_site": "Tabby Cat Solitaire",
    "game_pending": "{game}: Enter plays it, Esc stays with {current}.",
    "ui_game": "Game", "ui_choose_game": "Choose the game",
    "ui_moves": "Moves", "ui_time": "Time", "ui_runs": "Runs",
    "ui_controls": "Game controls",
    "ui_new_deal": "New deal", "ui_new_deal_key": "New deal (N)",
    "ui_new_short": "New",
    "ui_daily": "Daily", "ui_daily_title": "Today's deal, the same for everyone",
    "ui_winnable": "Winnable", "ui_winnable_title": "Only deals the solver has proved winnable",
    "ui_undo_key": "Undo (U or Ctrl+Z)", "ui_redo": "Redo", "ui_redo_key": "Redo (R or Ctrl+Y)",
    "ui_hint": "Hint", "ui_hint_key": "Hint (H)",
    "ui_menu": "Menu",
    "ui_menu_title": "Menu: how to play, restart, share, deal number, statistics, past dailies, settings",
    "ui_table": "Card table",
    "ui_searching": "Searching\u2026",
    "ui_play_daily": "Play today's daily",
    "ui_you_won": "You won!", "ui_share_result": "Share result",
    "ui_restart": "Restart", "ui_restart_title": "Restart this deal",
    "ui_share": "Share", "ui_share_title": "Share a link to this board",
    "ui_deal_number": "Deal number", "ui_deal_placeholder": "Deal #", "ui_play": "Play",
    "ui_statistics": "Statistics", "ui_chart": "Wins and losses of the last games",
    "ui_settings": "Settings", "ui_four_colour": "Four-colour deck",
    "ui_autoplay": "Auto-play to foundations", "ui_theme": "Light or dark",
    "ui_language": "Language", "ui_lang_auto": "As the browser",
    "ui_daily_deals": "Daily deals",
    "ui_prev_month": "Previous month", "ui_next_month": "Next month",
    "ui_export": "Export", "ui_import": "Import", "ui_close": "Close",
    "ui_shortcuts": "Single-key shortcuts", "ui_choose_first": "Tap a card, then its place",
    "ui_dark_theme": "Dark theme",
    "ui_keys": ("Keys on the table: Tab or arrows to a place, Up and Down to its cards, Enter "
                "or Space on a card chooses it, then Enter on a place moves it there, Esc drops "
                "the choice \u00b7 Enter on a place moves its cards where the game chooses "
                "\u00b7 single-key shortcuts (off in the menu): a pile's number (0 for the "
                "tenth), T (tail), C (cells) or F (foundations) picks a place, then its target "
                "\u00b7 D deals \u00b7 U undo \u00b7 R redo \u00b7 H hint \u00b7 N new deal "
                "\u00b7 Ctrl+Z, Ctrl+Y \u00b7 ? or F1 how to play"),
    "ui_how_to_play": "How to play", "ui_how_to_play_key": "How to play (? or F1)",
    "ui_rules_loading": "Loading the rules\u2026",
    "ui_rules_failed": "The rules could not be loaded ({why}).",
    "ui_play_now": "Play {game} now",
    "ui_intro_title": "Welcome to {game}",
    # the introduction of each rules page (docs/rules/PAGE), one paragraph a line
    "intro_tabbycat": ("Make four runs from King down to Ace, in any suits: a card goes on any "
                       "card one rank higher.\n"
                       "The tail, beside the piles, parks one run while you reorder the piles; "
                       "the run comes back only whole.\n"
                       "Tap or click the stock to deal one card onto every pile, whenever you like."),
    "intro_tabbycat_relaxed": ("Make four runs of thirteen cards, each going down one rank at a "
                               "time from any rank, in any suits.\n"
                               "The tail, beside the piles, parks a run while you reorder the "
                               "piles, and gives back one card or any group from its top.\n"
                               "Tap or click the stock to deal one card onto every pile, whenever you like."),
    "intro_manx": ("Make four runs from King down to Ace, in any suits: a card goes on any card "
                   "one rank higher.\n"
                   "The tail, beside the piles, holds a single card while you reorder the piles.\n"
                   "Tap or click the stock to deal one card onto every pile, whenever you like."),
    "intro_tuxedo": ("Move every card to the four foundations, each built up in one suit from "
                     "the Ace to the King.\n"
                     "Piles build down in suit, and only a King fills an empty pile; each of "
                     "the seven cells holds one card.\n"
                     "Every card is face up from the start: there is no stock."),
    "intro_spider": ("Build eight runs from King down to Ace, each in one suit: a complete run "
                     "leaves the table by itself.\n"
                     "Any card goes on a card one rank higher; only cards of one suit move "
                     "together.\n"
                     "Tap or click the stock to deal a card onto every column, once no column is empty."),
    "ui_intro_more": "Menu \u2192 How to play (or ?) has every rule.",
    "ui_got_it": "Got it",
    "slot_tail": "Tail",
    # ---- the loading screen, before Python runs (web/boot.js, from scripts/boot_words.py) --
    "boot_loading": "Loading\u2026",
    "boot_label": "Loading the game",
    "boot_pyscript": "Loading PyScript\u2026",
    "boot_python": "Loading Python\u2026",
    "boot_starting": "Starting Python\u2026",
    "boot_game": "Loading the game\u2026",
    "boot_update": "A new version is ready \u2014 reload",
}
