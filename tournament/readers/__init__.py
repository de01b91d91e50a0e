"""Reading what people upload or import (the archive, player lists, seating files), strictly, every problem named."""
