"""Every form of every page: what a person typed, parsed and checked; the services decide."""
