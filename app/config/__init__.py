"""Settings: one typed schema (core sections plus one section per skill) and one validated write path."""
