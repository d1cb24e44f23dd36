// The daily code (MMDaily): a placeholder, to be replaced by the daily code itself.
"use strict";
