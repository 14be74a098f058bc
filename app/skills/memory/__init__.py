"""The Memory skill: what people told her comes back when it matters, and she can look it up."""
