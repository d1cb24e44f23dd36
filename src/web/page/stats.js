// The player's statistics (MMStats): a placeholder, to be replaced by the statistics themselves.
"use strict";
