"""One catalogue per language (py/solitaire/words/lang_en.py, lang_es.py): the same keys, the
same params, every key the code and the page use present in both, no sentence glued from
translated pieces, and every sentence the controller emits a catalogue Message.
"""

import re
from pathlib import Path

import pytest

from conftest import ROOT
from solitaire import GAMES
from solitaire.play.answer import Offer, Progress
from solitaire.engine.cards import Card
from solitaire.words.lang_en import ENGLISH
from solitaire.words.lang_es import SPANISH
from solitaire.play.controller import Controller
from solitaire.records.saved import MemoryStore
from solitaire.words.text import COUNTED, CATALOGUES, Message, card_name, localize, params_of, place_label, render

CODE = sorted([*ROOT.glob("py/solitaire/**/*.py"), *ROOT.glob("web/*.py")])
USED = re.compile(r"""(?:Message|Refusal|\.say|text|words\.t)\(\s*["']([a-z0-9_]+)["']""")


def test_both_languages_have_the_same_keys():
    assert sorted(set(ENGLISH) - set(SPANISH)) == [], "missing in Spanish"
    assert sorted(set(SPANISH) - set(ENGLISH)) == [], "missing in English"


@pytest.mark.parametrize("key", sorted(ENGLISH))
def test_both_languages_take_the_same_params(key):
    assert params_of(ENGLISH[key]) == params_of(SPANISH[key])


SAID_PLURAL_OF_ONE = re.compile(r"\b1 (moves|cards|games|deals|movimientos|cartas|partidas|repartos)\b")


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
@pytest.mark.parametrize("key", sorted(COUNTED))
def test_a_count_of_one_takes_the_sentences_singular_form(key, lang):
    """A sentence that counts (COUNTED in words/text.py) has a ``_one`` form in every
    catalogue, which the count 1 takes and any other count leaves: never "1 moves"."""
    cat, counted = CATALOGUES[lang], COUNTED[key]
    assert key + "_one" in cat and counted in params_of(cat[key])
    assert params_of(cat[key + "_one"]) <= params_of(cat[key])
    one = {p: (1 if p == counted else 2) for p in params_of(cat[key])}
    assert render(key, one, lang) == cat[key + "_one"].format(**one)
    assert not SAID_PLURAL_OF_ONE.search(render(key, one, lang))
    two = {p: 2 for p in params_of(cat[key])}
    assert render(key, two, lang) == cat[key].format(**two)
    assert Message(key, **one).key == key   # the sentence keeps its key


def test_every_singular_form_belongs_to_a_counted_sentence():
    """A ``_one`` form whose sentence is in the catalogue is one COUNTED names (else no
    count would ever choose it)."""
    assert sorted(k[:-4] for k in ENGLISH if k.endswith("_one") and k[:-4] in ENGLISH) == sorted(COUNTED)


def test_a_game_lost_after_one_move_says_so_in_both_languages():
    assert localize(Message("recent_lost", day="2026-12-03", moves=1)) == "2026-12-03: lost after 1 move"
    assert localize(Message("recent_lost", day="2026-12-03", moves=1), "es") == "2026-12-03: perdida tras 1 movimiento"
    assert localize(Message("hint_deal", count=1)) == "Hint: deal (1 move to a win)."
    assert localize(Message("chart_label", count=1, won=0), "es") == "1 partida reciente (ganadas: 0)"


def test_every_key_the_code_uses_is_in_the_catalogue():
    used = {}
    for path in CODE:
        for key in USED.findall(path.read_text()):
            used.setdefault(key, path.name)
    html = (ROOT / "index.html").read_text()
    for key in re.findall(r'data-i18n(?:-[a-z-]+)?="([a-z0-9_]+)"', html):
        used.setdefault(key, "index.html")
    assert len(used) > 100
    missing = {k: where for k, where in used.items() if k not in ENGLISH}
    assert missing == {}


def test_index_html_text_has_keys():
    """Every visible word of the page's static markup is filled from the catalogue: text
    left outside a data-i18n element is only symbols (arrows, the loading screen aside)."""
    html = (ROOT / "index.html").read_text()
    body = html[html.index("<body>"):html.index('<div id="loading"')]
    body = re.sub(r"<(\w+)[^>]*data-i18n=\"[a-z0-9_]+\"[^>]*>[^<]*</\1>", "", body)
    body = re.sub(r"<option[^>]*>[^<]*</option>", "", body)   # game and language names
    body = re.sub(r"<[^>]+>", " ", body)
    body = re.sub(r"&[#\w]+;", " ", body)
    assert re.findall(r"[A-Za-z]{2,}", body) == []


def test_index_html_attributes_have_keys():
    html = (ROOT / "index.html").read_text()
    body = html[html.index("<body>"):html.index('<div id="loading"')]
    unkeyed = [f"{attr} in {tag[:60]}" for tag in re.findall(r"<[a-z][^>]*>", body)
               for attr in ("title", "aria-label", "placeholder")
               if f' {attr}="' in tag and f"data-i18n-{attr}=" not in tag]
    assert unkeyed == []


GLUE = [
    (re.compile(r"""\b(?:text|localize|render|tr|t)\([^()]*\)\s*\+"""), "a translated piece + more"),
    (re.compile(r"""\+\s*(?:\w+\.)?(?:text|localize|render|tr|t)\("""), "more + a translated piece"),
    (re.compile(r"""f["'][^"']*\{(?:\w+\.)?(?:text|localize|render|tr|t)\("""),
     "an f-string around a translated piece"),
    (re.compile(r"""\.join\([^)]*\b(?:text|t)\("""), "translated words joined"),
]


def test_no_message_is_glued_from_translated_pieces():
    found = []
    for path in CODE:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for pattern, what in GLUE:
                if pattern.search(line):
                    found.append(f"{path.name}:{n}: {what}: {line.strip()}")
    assert found == []


def test_every_game_has_its_name_in_the_catalogue():
    for game in GAMES.values():
        assert ENGLISH[f"game_{game.id}"] == game.name
    assert localize(Message("stats_title", game="Tabbycat relaxed"), "es") == "Tabbycat relajado: estadísticas"


def test_places_and_cards_in_both_languages():
    assert place_label("pile-2", "es") == "la columna 2"
    assert place_label("tail", "es") == "la Cola" and place_label("tail") == "the tail"
    assert card_name(Card.parse("8H"), "es") == "8 de corazones"
    assert card_name(Card.parse("KC"), "en") == "king of clubs"
    m = Message("cannot_drop", why=Message("write_failed"))
    assert localize(m, "es") == "No se puede soltar ahí: " + SPANISH["write_failed"]
    m = Message("no_line_within", budget=200000)
    assert "200,000" in m and "200\u00a0000 posiciones" in localize(m, "es")


# -- the controller says nothing outside the catalogue ----------------------------------

def check_message(value, where):
    assert isinstance(value, Message), f"{where}: {value!r} is not a catalogue Message"
    for lang in CATALOGUES:
        localize(value, lang)   # every key and param is there in each language
    for param in value.params.values():
        if isinstance(param, Message):
            check_message(param, where)


def check_answer(ans, where):
    for m in ans.status or []:
        check_message(m, f"{where} status")
    for m in ans.announce:
        check_message(m, f"{where} announce")
    if isinstance(ans.offer, Offer):
        check_message(ans.offer.text, f"{where} offer")
        for _, label in ans.offer.actions:
            check_message(label, f"{where} offer button")
    if isinstance(ans.search, Progress):
        check_message(ans.search.label, f"{where} search")
    if ans.won is not None:
        check_message(ans.won, f"{where} win")


def test_every_sentence_the_controller_emits_is_a_catalogue_message(monkeypatch):
    seen = []
    for name in ("boot", "step", "cancel", "new_deal", "hint", "click", "drop", "key", "deal",
                 "play", "undo", "redo", "restart", "answer_offer", "deal_box", "start_deal",
                 "choose_game", "set_pref", "tick", "import_stats", "export_stats", "daily",
                 "storage", "leave_page"):
        def wrapped(self, *a, _f=getattr(Controller, name), _n=name, **k):
            ans = _f(self, *a, **k)
            seen.append(_n)
            check_answer(ans, _n)
            return ans
        monkeypatch.setattr(Controller, name, wrapped)
    clock = iter(range(10_000, 10**9, 1000))
    store = MemoryStore()
    store.set("tabbycat.prefs.v1", "{not json")
    c = Controller(store, now=lambda: next(clock), today=lambda: "2026-11-30",
                   random=lambda: 12345)

    def run():
        while c.task is not None:
            c.step()

    for query in ("?game=nope", "?deal=zero", "?daily=2099-01-01", "?daily=bad", "?" + "x" * 3000,
                  "?deal=5&game=tabbycat"):
        c.boot(query)
        run()
    c.hint()
    run()
    for place in ("pile-1", "pile-2", "pile-3", "pile-4", "tail", "stock"):
        c.click(place, 0)
    c.drop("pile-1", 1, "tail")
    c.drop("pile-1", 1, "pile-2")
    for key in ("1", "t", "Escape", "2", "3", "d", "u", "r", "h"):
        c.key(key)
    run()
    c.undo(), c.redo(), c.restart(), c.undo()
    c.deal_box("abc"), c.deal_box("7")
    c.new_deal()
    run()
    c.set_pref("winnable", False)
    c.new_deal()
    c.import_stats("not json"), c.import_stats('{"version": 99}')
    c.export_stats()
    c.daily()
    run()
    for game in GAMES:
        c.choose_game(game)
        c.set_pref("winnable", True)
        for place in c.game.layout():
            c.click(place.name, 0)
        c.hint()
        c.cancel()
    c.tick(5)
    c.storage("tabbycat.game.v1")
    c.leave_page()
    assert len(set(seen)) > 15


# -- the readers say why a record is bad in the player's language -------------------------

READERS = ("records/readers.py", "records/saved.py", "records/stats.py",
           "records/session.py", "solver/daily.py")


def test_readers_raise_catalogue_keys_not_english():
    """Every reason a reader gives is a catalogue key: ``RecordError("rec_...")``,
    ``need(ok, "rec_...")``, ``SolitaireError(Message("rec_..."))``, never a sentence."""
    import ast
    found = []
    for name in READERS:
        tree = ast.parse((ROOT / "py/solitaire" / name).read_text())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            fn = node.func.id
            arg = {"RecordError": 0, "need": 1, "SolitaireError": 0}.get(fn)
            if arg is None or len(node.args) <= arg:
                continue
            a = node.args[arg]
            if fn == "SolitaireError" and isinstance(a, ast.Call) and getattr(a.func, "id", "") == "Message":
                a = a.args[0]
            if isinstance(a, ast.Name) and a.id == "key":   # need's own body passes its key on
                continue
            if not (isinstance(a, ast.Constant) and a.value in ENGLISH):
                found.append(f"{name}:{node.lineno}: {fn}({ast.unparse(a)[:60]})")
    assert found == []


def bad_records():
    """Records that fail each kind of reader, with what the failure is about."""
    from solitaire.solver.daily import parse_date
    from solitaire.records.readers import read_json
    from solitaire.records.saved import check_prefs
    from solitaire.records.session import Session
    from solitaire.records.stats import check as check_stats
    base = {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "best_time": 5, "fewest_moves": 9}
    game = {"v": 1, "game": "tabbycat", "deal": "1", "moves": []}
    def read(text):
        return read_json(text, 100, max_depth=8)
    yield from ((read, text) for text in (
        "x" * 200, "[" * 20 + "]" * 20, "[[}", '{"a": NaN}', "[1e999]", "{not json", 5))
    yield from ((check_prefs, p) for p in ([], {"winnable": "yes"}, {"theme": "red"}, {"lang": "zz"}))
    yield from ((check_stats, s) for s in (
        "x", {"v": 9}, {"v": 2}, {"v": 2, "results": [], "base": {}, "epoch": -1},
        {"v": 2, "results": [{"id": "a"}], "base": {}},
        {"v": 2, "results": [dict(id="a", game="tabbycat", won=1, moves=1, seconds=1,
                                  day="2026-01-01", daily=None, t=1)], "base": {}},
        {"v": 1, "games": {"tabbycat": {**base, "won": 2}}},
        {"v": 1, "games": {"tabbycat": {**base, "streak": 2}}},
        {"v": 1, "games": {"tabbycat": {**base, "best_time": None}}},
        {"v": 1, "games": {"tabbycat": {**base, "history": [[1]]}}},
        {"v": 1, "games": {"tabbycat": {**base, "daily": {"2026-02-30": {}}}}},
        {"v": 1, "games": {"tabbycat": {**base, "daily": {"2026-02-03": {}}}}},
        {"v": 1, "games": {"tabbycat": []}}))
    yield from ((Session.from_dict, g) for g in (
        [], {"v": 2}, {**game, "deal": "0"}, {**game, "deal": "x"}, {**game, "game": "chess"},
        {**game, "moves": "deal"}, {**game, "elapsed": -1}, {**game, "daily": "2026-02-30"},
        {**game, "recorded": 1}, {**game, "moves": ["1>2"]}, {**game, "redo": ["1>2"]}))
    yield from ((parse_date, d) for d in ("2027/01/01", "2027-02-30", "1999-01-01"))


def test_every_reason_a_reader_gives_is_said_in_spanish():
    """A bad saved game, settings, statistics or date: the reason is a catalogue Message,
    said in Spanish on a Spanish page (a move the engine refuses inside it included)."""
    from solitaire.engine.errors import SolitaireError
    from solitaire.words.text import reason
    keys = set()
    for reader, record in bad_records():
        with pytest.raises(SolitaireError) as info:
            reader(record)
        why = reason(info.value)
        assert isinstance(why, Message), f"{reader.__name__}({record!r:.60}): {why!r}"
        check_message(why, reader.__name__)
        es = localize(Message("saved_unreadable", why=why, key="k"), "es")
        assert localize(why, "en") not in es and why.key.startswith("rec_")
        keys.add(why.key)
    assert len(keys) >= 30


def test_the_loading_screen_words_come_from_the_catalogue():
    """web/boot.js runs before Python: its words are the catalogue's boot_* keys, written
    into the built page by scripts/boot_words.py, and boot.js holds no copy of them."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("boot_words", ROOT / "scripts/boot_words.py")
    boot_words = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(boot_words)
    table = boot_words.table()
    assert set(table) == set(CATALOGUES) and table["es"]["boot_loading"] == SPANISH["boot_loading"]
    assert all(set(words) == set(table["en"]) and len(words) >= 6 for words in table.values())
    block = boot_words.block()
    assert "</" not in block[:-len("</script>")] and "Cargando el juego" in block
    source = (ROOT / "web/boot.js").read_text()
    used = set(re.findall(r'"(boot_[a-z_]+)"', source))
    assert used and used <= set(ENGLISH)
    for lang in CATALOGUES:
        for text in table[lang].values():
            assert text.encode("ascii", "backslashreplace").decode() not in source and text not in source
    assert boot_words.MARK in (ROOT / "index.html").read_text()


def test_every_game_has_its_introduction_in_both_languages():
    """The first-time introduction is the game's own (web/howto.py's intro_lines): a few
    paragraphs per rules page, in every language."""
    from solitaire.words.ruledoc import page_for
    for game in GAMES.values():
        key = "intro_" + page_for(game.id).replace("-", "_")
        for cat in CATALOGUES.values():
            assert key in cat and 2 <= len(cat[key].split("\n")) <= 4, (game.id, key)
    assert "Tail" not in ENGLISH["intro_spider"] and "tail" not in ENGLISH["intro_tuxedo"]
    assert "Cola" not in SPANISH["intro_spider"] and "Cola" not in SPANISH["intro_tuxedo"]


DEAL_NUMBER_EN = re.compile(r"(?i)\bdeal (\{number\}|numbers?\b)")


def test_spanish_names_a_deal_number_with_the_headers_word():
    """The header says "Partida 165": every sentence that names a deal by its number (or
    speaks of deal numbers) says "partida" too, never "reparto" (which is the stock's deal)."""
    word = SPANISH["deal_label"].lower()
    assert word == "partida" and SPANISH["ui_deal_number"].lower() == "número de partida"
    named = [k for k, v in ENGLISH.items() if DEAL_NUMBER_EN.search(v)]
    assert len(named) > 20
    for key in named:
        es = SPANISH[key].lower()
        assert "reparto" not in es and word in es, (key, SPANISH[key])


def test_the_spanish_rules_pages_name_a_deal_number_with_the_headers_word():
    for path in sorted((ROOT / "docs" / "rules").glob("*.es.md")):
        body = path.read_text()
        assert not re.search(r"(?i)(número de reparto|reparto \d|reparto y cada movimiento)", body), path.name
