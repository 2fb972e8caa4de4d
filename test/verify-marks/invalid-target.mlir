// regtile-verify-marks: a target description that is not a string. (In
// regtile-lower-to-llvm the target lookup, which comes first, reports it:
// target/target-info-invalid.mlir.)
// RUN: %regtile-opt %s --verify-diagnostics -p 'builtin.module(regtile-verify-marks)'

// expected-error @+1 {{'regtile.target' must be a string, got 512 : i64}}
module attributes {regtile.target = 512} {
}
