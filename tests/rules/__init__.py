"""The official rules, one module per rule of the sheet, played from stacked tables with the
helpers of conftest.py (table, play, events, ...), which other folders import as `rules.conftest`."""
