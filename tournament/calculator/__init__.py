"""The public hand calculator: forms that read what a person types or taps, and the tile pictures. The values come
from the rules engine (scoring.hands): payments from fan and minipoints, yaku from the tiles."""
