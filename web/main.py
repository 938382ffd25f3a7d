"""The main-thread fallback: used only when the engine's worker cannot start (or with
``?worker=0``). web/bridge.js adds this script to the page on demand; it exposes
``window.remiCall`` (web/calls.py) and fires "remi:ready"."""

from calls import remi_call
from pyscript import ffi, window

window.remiCall = ffi.create_proxy(remi_call)
window.remiReadyAt = window.performance.now()
window.remiReady = True
window.dispatchEvent(window.CustomEvent.new("remi:ready"))
