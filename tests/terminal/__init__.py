"""The terminal player, `unodsl play`: menus, narration, colour, decisions, saved matches, and
whole matches typed as a person types (golden transcripts in golden/, setups in setups/)."""
