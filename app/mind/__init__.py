"""The one mind: perception bus, attention gate, the consciousness loop."""
