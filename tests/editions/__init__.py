"""Editions as files: loading, `base:` and inheritance, the schema and its agreement with the
loader, YAML with positions, the files a file may name, the bad-edition corpus (data in
tests/bad_editions/), typed settings, the official house rules and the VETO starter rules, and
the shipped editions against their rule sheets (UNO Flip's two sides among them)."""
