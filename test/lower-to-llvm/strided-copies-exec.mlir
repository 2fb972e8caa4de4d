// Execution of regtile-strided-copies-to-loops' copies through the whole
// pipeline: zero pads (their interiors strided copies) of inputs whose runs
// divide no vector, with dynamic sizes (masked runs: 19 floats, 37 bytes),
// static sizes whose trailing dimensions collapse into one run, and a run
// short of a vector (3 floats, copied as scalars), each compared with the
// same pad computed elementwise from indices (no copy); prints the number
// of elements that differ.
// RUN: %regtile-opt %s -p 'builtin.module(regtile-lower-to-llvm)' | %regtile-run | FileCheck %s
// CHECK: f32 dynamic mismatches
// CHECK-NEXT: 0
// CHECK: f32 static mismatches
// CHECK-NEXT: 0
// CHECK: f32 short mismatches
// CHECK-NEXT: 0
// CHECK: i8 dynamic mismatches
// CHECK-NEXT: 0

#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
!t = tensor<?x?x?x?xf32>

// The pad below, elementwise: x[n][h - 1][w - 2][c] inside, 0 outside.
func.func @pad_by_index(%x: !t) -> !t {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : !t
  %h = tensor.dim %x, %c1 : !t
  %w = tensor.dim %x, %c2 : !t
  %c = tensor.dim %x, %c3 : !t
  %hp = arith.addi %h, %c3 : index
  %wp = arith.addi %w, %c3 : index
  %init = tensor.empty(%n, %hp, %wp, %c) : !t
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%init : !t) {
  ^bb0(%o: f32):
    %in = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %k = linalg.index 3 : index
    %ii = arith.subi %i, %c1 : index
    %jj = arith.subi %j, %c2 : index
    %i_lo = arith.cmpi sge, %i, %c1 : index
    %i_hi = arith.cmpi slt, %ii, %h : index
    %j_lo = arith.cmpi sge, %j, %c2 : index
    %j_hi = arith.cmpi slt, %jj, %w : index
    %a = arith.andi %i_lo, %i_hi : i1
    %b = arith.andi %j_lo, %j_hi : i1
    %inside = arith.andi %a, %b : i1
    %v = scf.if %inside -> f32 {
      %e = tensor.extract %x[%in, %ii, %jj, %k] : !t
      scf.yield %e : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %v : f32
  } -> !t
  return %r : !t
}

func.func @pad_dynamic(%x: !t) -> !t {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 2, 0] high[0, 2, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : !t to !t
  return %p : !t
}

func.func @pad_static(%x: tensor<2x5x7x19xf32>) -> tensor<2x8x10x19xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 2, 0] high[0, 2, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x5x7x19xf32> to tensor<2x8x10x19xf32>
  return %p : tensor<2x8x10x19xf32>
}

func.func @pad_short(%x: tensor<1x6x9x3xf32>) -> tensor<1x9x12x3xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 2, 0] high[0, 2, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x6x9x3xf32> to tensor<1x9x12x3xf32>
  return %p : tensor<1x9x12x3xf32>
}

func.func @pad_i8(%x: tensor<?x?x?x?xi8>) -> tensor<?x?x?x?xi8> {
  %zero = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 1, 2, 0] high[0, 2, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : i8
  } : tensor<?x?x?x?xi8> to tensor<?x?x?x?xi8>
  return %p : tensor<?x?x?x?xi8>
}

// The number of elements of %a and %b that differ.
func.func @mismatches(%a: !t, %b: !t) -> i64 {
  %zero = arith.constant 0 : i64
  %init = tensor.from_elements %zero : tensor<i64>
  %r = linalg.generic {indexing_maps = [#id, #id, affine_map<(n, h, w, c) -> ()>],
                       iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
      ins(%a, %b : !t, !t) outs(%init : tensor<i64>) {
  ^bb0(%x: f32, %y: f32, %acc: i64):
    %ne = arith.cmpf une, %x, %y : f32
    %one = arith.extui %ne : i1 to i64
    %s = arith.addi %acc, %one : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  %v = tensor.extract %r[] : tensor<i64>
  return %v : i64
}

// N x H x W x C distinct non-zero values (as i8: their low bytes).
func.func @input(%n: index, %h: index, %w: index, %c: index) -> !t {
  %e = tensor.empty(%n, %h, %w, %c) : !t
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%e : !t) {
  ^bb0(%o: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %a = arith.muli %i0, %h : index
    %b = arith.addi %a, %i1 : index
    %d = arith.muli %b, %w : index
    %f = arith.addi %d, %i2 : index
    %g = arith.muli %f, %c : index
    %s = arith.addi %g, %i3 : index
    %i = arith.index_cast %s : index to i32
    %v = arith.sitofp %i : i32 to f32
    %one = arith.constant 1.0 : f32
    %r = arith.addf %v, %one : f32
    linalg.yield %r : f32
  } -> !t
  return %r : !t
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c19 = arith.constant 19 : index
  %c37 = arith.constant 37 : index

  %x = call @input(%c2, %c5, %c7, %c19) : (index, index, index, index) -> !t
  %pd = call @pad_dynamic(%x) : (!t) -> !t
  %rd = call @pad_by_index(%x) : (!t) -> !t
  %md = call @mismatches(%pd, %rd) : (!t, !t) -> i64
  vector.print str "f32 dynamic mismatches\n"
  vector.print %md : i64

  %xs = tensor.cast %x : !t to tensor<2x5x7x19xf32>
  %ps = call @pad_static(%xs) : (tensor<2x5x7x19xf32>) -> tensor<2x8x10x19xf32>
  %psd = tensor.cast %ps : tensor<2x8x10x19xf32> to !t
  %ms = call @mismatches(%psd, %rd) : (!t, !t) -> i64
  vector.print str "f32 static mismatches\n"
  vector.print %ms : i64

  %y = call @input(%c1, %c6, %c9, %c3) : (index, index, index, index) -> !t
  %ys = tensor.cast %y : !t to tensor<1x6x9x3xf32>
  %py = call @pad_short(%ys) : (tensor<1x6x9x3xf32>) -> tensor<1x9x12x3xf32>
  %pyd = tensor.cast %py : tensor<1x9x12x3xf32> to !t
  %ry = call @pad_by_index(%y) : (!t) -> !t
  %my = call @mismatches(%pyd, %ry) : (!t, !t) -> i64
  vector.print str "f32 short mismatches\n"
  vector.print %my : i64

  // i8: the input's low bytes, padded, compared as floats.
  %z = call @input(%c1, %c3, %c5, %c37) : (index, index, index, index) -> !t
  %e8 = tensor.empty(%c1, %c3, %c5, %c37) : tensor<?x?x?x?xi8>
  %z8 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%z : !t) outs(%e8 : tensor<?x?x?x?xi8>) {
  ^bb0(%v: f32, %o: i8):
    %i = arith.fptosi %v : f32 to i32
    %b = arith.trunci %i : i32 to i8
    linalg.yield %b : i8
  } -> tensor<?x?x?x?xi8>
  %p8 = call @pad_i8(%z8) : (tensor<?x?x?x?xi8>) -> tensor<?x?x?x?xi8>
  %c0 = arith.constant 0 : index
  %n8 = tensor.dim %p8, %c0 : tensor<?x?x?x?xi8>
  %h8 = tensor.dim %p8, %c1 : tensor<?x?x?x?xi8>
  %w8 = tensor.dim %p8, %c2 : tensor<?x?x?x?xi8>
  %k8 = tensor.dim %p8, %c3 : tensor<?x?x?x?xi8>
  %ef = tensor.empty(%n8, %h8, %w8, %k8) : !t
  %p8f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p8 : tensor<?x?x?x?xi8>) outs(%ef : !t) {
  ^bb0(%v: i8, %o: f32):
    %f = arith.sitofp %v : i8 to f32
    linalg.yield %f : f32
  } -> !t
  %ez = tensor.empty(%c1, %c3, %c5, %c37) : !t
  %z8f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%z8 : tensor<?x?x?x?xi8>) outs(%ez : !t) {
  ^bb0(%v: i8, %o: f32):
    %f = arith.sitofp %v : i8 to f32
    linalg.yield %f : f32
  } -> !t
  %r8 = call @pad_by_index(%z8f) : (!t) -> !t
  %m8 = call @mismatches(%p8f, %r8) : (!t, !t) -> i64
  vector.print str "i8 dynamic mismatches\n"
  vector.print %m8 : i64
  return
}
