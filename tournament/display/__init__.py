"""How things are shown to people: names, points, winds, who made a change, absolute addresses, tile pictures."""
