"""Remi: Romanian tile rummy (Remi Etalat and Remi pe Tablă) — the rules engine.

Pure, deterministic and standard-library only, so the same code runs in CPython and in
Pyodide. The rules it enforces are ../shared/RULES.md; every refusal names a rule id.
"""
