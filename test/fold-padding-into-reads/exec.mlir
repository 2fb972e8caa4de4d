// fold_padding_into_reads: execution against the unscheduled payload
// (exact: inputs are multiples of 1/8). A 1-D image of ${WU} pixels x ${C}
// channels padded by ${PL} / ${PR} pixels with 0.5; per output pixel and
// block of ${CB} channels, the sum over ${K} taps (stride ${S}, dilation
// ${D}) of 16-lane reads of the block (out of bounds past it: lanes of
// transfer padding 0.25), a masked read of the padded tensor itself past
// its channels (padding 0.375), a read at the first padded pixel (in the
// padding if PL > 0), one at a pixel the bounds keep inside, and a scalar
// tensor.extract; each sum reduced over all 16 lanes, so a lane the fold
// reads from the wrong place (the next block's channels, the pad value
// where the read's padding belongs) changes the result. Blocks narrower
// than the vector and wider than the image's last block, pads of 0 to 3.
// RUN: %difftest %s | FileCheck %s
// CHECK: PASS 5 cases
// DIFFTEST-CASE: WU=7 C=20 CB=12 NB=2 PL=1 PR=1 WI=9 W=7 K=3 S=1 D=1
// DIFFTEST-CASE: WU=13 C=5 CB=5 NB=1 PL=2 PR=0 WI=15 W=5 K=3 S=2 D=2
// DIFFTEST-CASE: WU=9 C=33 CB=16 NB=3 PL=0 PR=3 WI=12 W=10 K=3 S=1 D=1
// DIFFTEST-CASE: WU=6 C=1 CB=1 NB=1 PL=3 PR=3 WI=12 W=4 K=5 S=1 D=2
// DIFFTEST-CASE: WU=11 C=40 CB=24 NB=2 PL=1 PR=2 WI=14 W=6 K=3 S=2 D=1
!mu = memref<${WU}x${C}xf32>
!tu = tensor<${WU}x${C}xf32>
!tp = tensor<${WI}x${C}xf32>
!mout = memref<${W}x${NB}xf32>
!tout = tensor<${W}x${NB}xf32>

func.func @conv(%mu: !mu, %mout: !mout) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cw = arith.constant ${W} : index
  %cnb = arith.constant ${NB} : index
  %ck = arith.constant ${K} : index
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %threeeighths = arith.constant 0.375 : f32
  %zv = arith.constant dense<0.0> : vector<16xf32>
  %u = bufferization.to_tensor %mu restrict : !mu to !tu
  %p = tensor.pad %u low[${PL}, 0] high[${PR}, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %half : f32
  } : !tu to !tp
  %e = tensor.empty() : !tout
  %r = scf.for %w = %c0 to %cw step %c1 iter_args(%o = %e) -> !tout {
    %r2 = scf.for %b = %c0 to %cnb step %c1 iter_args(%o2 = %o) -> !tout {
      %c = affine.apply affine_map<(d0) -> (d0 * ${CB})>(%b)
      %n = affine.min affine_map<(d0) -> (${C} - d0, ${CB})>(%c)
      %taps = scf.for %k = %c0 to %ck step %c1 iter_args(%a = %zv) -> vector<16xf32> {
        %pos = affine.apply affine_map<(d0, d1) -> (d0 * ${S} + d1 * ${D})>(%w, %k)
        %s = tensor.extract_slice %p[%pos, %c] [1, %n] [1, 1] : !tp to tensor<1x?xf32>
        %v = vector.transfer_read %s[%c0, %c0], %quarter : tensor<1x?xf32>, vector<16xf32>
        %nk = affine.min affine_map<(d0) -> (d0 + 5, 16)>(%k)
        %m = vector.create_mask %nk : vector<16xi1>
        %vm = vector.transfer_read %p[%pos, %c], %threeeighths, %m : !tp, vector<16xf32>
        %a1 = arith.addf %a, %v : vector<16xf32>
        %a2 = arith.addf %a1, %vm : vector<16xf32>
        scf.yield %a2 : vector<16xf32>
      }
      %first = tensor.extract_slice %p[0, %c] [1, %n] [1, 1] : !tp to tensor<1x?xf32>
      %vf = vector.transfer_read %first[%c0, %c0], %quarter : tensor<1x?xf32>, vector<16xf32>
      %in = affine.apply affine_map<(d0) -> (d0 mod ${WU} + ${PL})>(%w)
      %inside = tensor.extract_slice %p[%in, %c] [1, %n] [1, 1] : !tp to tensor<1x?xf32>
      %vi = vector.transfer_read %inside[%c0, %c0], %quarter : tensor<1x?xf32>, vector<16xf32>
      %t1 = arith.addf %taps, %vf : vector<16xf32>
      %t2 = arith.addf %t1, %vi : vector<16xf32>
      %sum = vector.reduction <add>, %t2 : vector<16xf32> into f32
      %pw = affine.apply affine_map<(d0) -> (d0 * ${S})>(%w)
      %x = tensor.extract %p[%pw, %c] : !tp
      %y = arith.addf %sum, %x : f32
      %o3 = tensor.insert %y into %o2[%w, %b] : !tout
      scf.yield %o3 : !tout
    }
    scf.yield %r2 : !tout
  }
  bufferization.materialize_in_destination %r in restrict writable %mout : (!tout, !mout) -> ()
  return
}

func.func private @regtileFillF32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
func.func private @regtilePrintF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %u = memref.alloc() : !mu
  %out = memref.alloc() : !mout
  %s1 = arith.constant 1 : i64
  %s3 = arith.constant 3 : i64
  %uu = memref.cast %u : !mu to memref<*xf32>
  %uout = memref.cast %out : !mout to memref<*xf32>
  call @regtileFillF32(%uu, %s1) : (memref<*xf32>, i64) -> ()
  call @regtileFillF32(%uout, %s3) : (memref<*xf32>, i64) -> ()
  call @conv(%u, %out) : (!mu, !mout) -> ()
  call @regtilePrintF32(%uout) : (memref<*xf32>) -> ()
  memref.dealloc %u : !mu
  memref.dealloc %out : !mout
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.regtile.fold_padding_into_reads %pad : !transform.any_op
    transform.yield
  }
}
