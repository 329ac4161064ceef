"""Edition files: YAML with positions -> schema -> compiled kinds and the expanded deck."""
