"""regtile's Python tools: payload parameters (substitute) and the tuner
(tune). Used by the tests, the benchmarks and bin/regtile-tune."""
