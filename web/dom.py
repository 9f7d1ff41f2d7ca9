"""DOM helpers for the page: events, lookups, JS null, storage, the local date."""

from pyodide.ffi import create_proxy
from pyscript import window

try:  # Pyodide gives JS null as jsnull, not None
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide
    jsnull = None

document = window.document
_proxies = []  # every proxy handed to JS, kept alive for the page's life


def on(target, event, handler):
    """addEventListener with a proxy kept alive for the page's life."""
    target.addEventListener(event, keep(create_proxy(handler)))


def el(id_):
    return document.getElementById(id_)


def nullish(value):
    """JS null or undefined as Python None."""
    return None if value is None or value is jsnull else value


def closest(node, selector):
    """``node.closest(selector)``, or None (never JS null)."""
    if node is None or node is jsnull or not hasattr(node, "closest"):
        return None
    found = node.closest(selector)
    return None if found is None or found is jsnull else found


class Storage:
    """localStorage as the controller's store: a read that fails is None (private mode);
    a write that fails raises StoreError (quota), so the controller can say so."""

    @staticmethod
    def get(key):
        try:
            return nullish(window.localStorage.getItem(key))
        except Exception:
            return None

    @staticmethod
    def set(key, value):
        from solitaire.records.saved import StoreError
        try:
            window.localStorage.setItem(key, value)
        except Exception as e:
            raise StoreError(str(e)[:80]) from None

    @staticmethod
    def remove(key):
        try:
            window.localStorage.removeItem(key)
        except Exception:
            pass

    @staticmethod
    def keys():
        try:
            store = window.localStorage
            return [str(store.key(i)) for i in range(int(store.length))]
        except Exception:
            return []


def today() -> str:
    """The player's local date, YYYY-MM-DD."""
    d = window.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def keep(proxy):
    """Keep a proxy handed to JS alive for the page's life."""
    _proxies.append(proxy)
    return proxy
