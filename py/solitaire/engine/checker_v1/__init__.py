"""The daily deal's checker, version 1 (frozen): see :mod:`.search`.

``model_v1(game, pos)`` is the frozen model of a game family: Tabby Cat and its
variants, Tuxedo and Spider; every game of today is one of these.
"""


def model_v1(game, pos):
    """The version-1 solver model of ``pos`` (the models as they were frozen)."""
    from ..games.spider import Spider
    from ..games.tabbycat import TabbyCat
    from ..games.tuxedo import Tuxedo
    if isinstance(game, TabbyCat):
        from .tabbycat_model import TabbyCatModel
        return TabbyCatModel(game, pos)
    if isinstance(game, Tuxedo):
        from .tuxedo_model import TuxedoModel
        return TuxedoModel(game, pos)
    if isinstance(game, Spider):
        from .spider_model import SpiderModel
        return SpiderModel(game, pos)
    raise TypeError(f"checker v1 has no model for {game.id}: a new game needs a new checker")
