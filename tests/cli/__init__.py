"""The `unodsl` command and what a user reads about it: exit statuses and messages, `validate`'s
formats, the authoring commands and docs/authoring.md run as written, the scenario runner and
`unodsl test` over tests/scenarios/, what can be found (README, completion), and packaging."""
