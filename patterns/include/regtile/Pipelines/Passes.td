//===- Passes.td - regtile's lowering pipeline passes ------*- tablegen -*-===//
//
// The stages of regtile's lowering to the LLVM dialect that are not upstream
// passes, and the one-flag entry `regtile-lower-to-llvm`. The stages are
// assembled by `regtile::buildLowerToLLVMPipeline`
// (regtile/Pipelines/LowerToLLVM.h).
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PIPELINES_PASSES
#define REGTILE_PIPELINES_PASSES

include "mlir/Pass/PassBase.td"

def RegtileStripSchedule : Pass<"regtile-strip-schedule", "mlir::ModuleOp"> {
  let summary = "Drop the Transform-dialect schedule from a payload module";
  let description = [{
    Erases the top-level Transform-dialect ops of every module, the
    `transform.with_named_sequence` attribute, and nested modules that only
    held a schedule, so that a payload with its schedule lowers as is.
  }];
}

def RegtileDeallocateBuffers
    : Pass<"regtile-deallocate-buffers", "mlir::ModuleOp"> {
  let summary = "Upstream's buffer deallocation pipeline, for the functions "
                "that do not manage their buffers themselves";
  let description = [{
    Runs `bufferization::buildBufferDeallocationPipeline` on every function
    that holds no `memref.dealloc`. A function that does (it manages its
    buffers itself, and the pipeline rejects such IR) is left as it is:
    during the pipeline its body is set aside and it is a private
    declaration, so calls to it still verify. A kernel's buffers (e.g.
    `cache_read`'s caches) are thus freed even when another function of the
    module, such as a test driver, frees its own.
  }];
  let dependentDialects = [
    "mlir::bufferization::BufferizationDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
    "mlir::arith::ArithDialect"
  ];
}

def RegtileExpandArith : Pass<"regtile-expand-arith"> {
  let summary = "Expand the arith ops the LLVM conversion does not take, "
                "keeping IEEE min/max";
  let description = [{
    Upstream's `arith-expand` patterns for `ceildivsi`, `ceildivui`,
    `floordivsi` and the scaling extensions / truncations, but not its
    expansion of `minimumf` / `maximumf` (and `minnumf` / `maxnumf`): that
    is `cmpf` + `select`, which returns `+0` for `minimumf(-0, +0)`
    (IEEE 754-2019 minimum is `-0`) and gives a result that depends on the
    operand order. Left alone, they become `llvm.intr.minimum` /
    `maximum` / `minnum` / `maxnum`, which LLVM lowers with the IEEE
    semantics, in scalar and vector code alike.

    With `expand-bf16` (targets without native bf16 conversions), also
    upstream's bf16 expansions: `extf` from bf16 as a 16-bit shift of the
    bits, `truncf` to bf16 as integer round-to-nearest-even, where LLVM 22
    would call `__truncsfbf2` once per element.
  }];
  let options = [
    Option<"expandBF16", "expand-bf16", "bool", /*default=*/"false",
           "Expand extf / truncf between bf16 and f32 to integer operations">
  ];
}

def RegtileApproximateMath : Pass<"regtile-approximate-math"> {
  let summary = "Vector math functions to polynomial approximations";
  let description = [{
    Rewrites the `math` ops on vectors (`tanh`, `erf`, `exp`, `expm1`,
    `log`, `log1p`, `log2`, `sin`, `cos`, `atan`, `atan2`, `asin`, `acos`,
    `cbrt`, and what upstream expands into them) with upstream's f32
    polynomial approximations (`populateMathPolynomialApproximationPatterns`:
    a few ulp), vector code throughout. LLVM has no vector form of these
    functions: left alone, a GELU or sigmoid epilogue computed on a
    register tile would call libm once per lane. Scalar math ops stay
    (libm: correctly rounded where it is).
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::math::MathDialect",
    "mlir::vector::VectorDialect"
  ];
}

def RegtileMathToLibm : Pass<"regtile-math-to-libm", "mlir::ModuleOp"> {
  let summary = "Scalar math functions without an LLVM intrinsic to libm "
                "calls, the others left";
  let description = [{
    Upstream's `populateMathToLibmConversionPatterns` (`math.erf` to
    `erff`, `math.cbrt` to `cbrtf`, ...), applied as rewrites rather than
    as upstream's `convert-math-to-libm`, which fails on any math op it
    cannot convert (e.g. `math.ipowi`): left, such an op is named by the
    pipeline's final report (`regtile-finalize-llvm`). Runs after
    `convert-math-to-llvm` (what has an intrinsic is taken by it) and after
    `regtile-approximate-math` (vector ops).
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect"];
}

def RegtileBF16Storage : Pass<"regtile-bf16-storage", "mlir::ModuleOp"> {
  let summary = "Retype the bf16 values LLVM functions only move to i16";
  let description = [{
    For targets without native bf16 conversions (AVX-512 BF16,
    AVX-NE-CONVERT), after the conversion to the LLVM dialect and
    `regtile-expand-arith{expand-bf16}`: in each `llvm.func` where every op
    that sees a bf16 value only moves its bits (loads, stores, shuffles,
    element inserts and extracts, selects, bitcasts, constants, branches,
    masked loads and stores, GEPs and allocas of bf16), bf16 becomes i16
    (scalars, vectors, arrays; constants keep their bits). LLVM 22's x86
    code generation keeps bf16 vectors in registers only with those
    features: elsewhere it promotes each element of a bf16 vector that
    crosses blocks (a phi, as a pack row read ahead or a masked read
    makes) through f32 with a `__truncsfbf2` call, 64 calls per step of a
    bf16 GEMM's micro-kernel; and its InstCombine turns i16 bitcasts around
    bf16 loads, stores and phis back into bf16. A function that computes
    on bf16, or has bf16 in its signature, is left as it is.
  }];
}

def RegtileMaterializeThroughReshapes
    : Pass<"regtile-materialize-through-reshapes"> {
  let summary = "Write a result that reaches its destination buffer through "
                "a tensor.expand_shape into a view of the buffer";
  let description = [{
    Rewrites `bufferization.materialize_in_destination` of a
    `tensor.expand_shape` of `%x` into a memref `%buf` whose layout
    collapses as the expansion says into the same op on `%x` and a
    `memref.collapse_shape` view of `%buf`, and a reshape (or slice) of a
    `tensor.empty` into an empty tensor of its shape (upstream's
    `populateFoldTensorEmptyPatterns`). Empty-tensor elimination then
    computes `%x` in the buffer itself: without this, bufferization gives
    `%x` a buffer of its own and copies it into `%buf` (an NCHW layer made
    a GEMM by `convert_pointwise_to_matmul`, whose F x H*W result is
    expanded back to 1 x F x H x W, or a transpose between reshapes, paid
    a copy of its whole output). Runs before bufferization.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def RegtileForwardBuffers : Pass<"regtile-forward-buffers"> {
  let summary = "After bufferization, let loops and switches that only "
                "forward a buffer give it back, so that the copies of a "
                "buffer onto itself fold";
  let description = [{
    Replaces a result of `scf.index_switch` that every case yields as the
    same value defined outside the switch (the buffer a versioned
    micro-kernel wrote into, after bufferization) by that value, together
    with upstream's canonicalization of `scf.for` (an iter_arg yielded
    unchanged), `scf.index_switch` and `memref.cast`. A thread's piece
    (`distribute_over_threads`) written through such loops then reaches
    the `memref.copy` of its `tensor.parallel_insert_slice` as the very
    subview it was read from, and the copy onto itself is erased instead of
    lowered to a `memrefCopy` call per piece. Runs right after
    bufferization, before the deallocation pipeline threads ownership
    through the loops.
  }];
}

def RegtileParallelIf : Pass<"regtile-parallel-if"> {
  let summary = "Run a parallel region whose work-sharing loop has at most "
                "one iteration on the thread that reaches it";
  let description = [{
    Gives each `omp.parallel` without an `if` clause that holds one
    `omp.wsloop` whose bounds are defined outside the region the clause
    `if(some dim has a second iteration: lb + step < ub)`. A loop of one
    piece (a kernel that `distribute_over_threads` kept serial: too little
    work for a fork) then runs on the thread that reaches it, without
    waking the team (libomp's serialized parallel region: no fork/join).
    Runs after `convert-scf-to-openmp`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def RegtileStridedCopiesToLoops : Pass<"regtile-strided-copies-to-loops"> {
  let summary = "Copy between strided buffers with loops, not the runtime's "
                "element-by-element memrefCopy";
  let description = [{
    Replaces each `memref.copy` whose source or target has a non-identity
    layout (a subview: the interior of a padded input, a tile of a larger
    buffer). Where both are contiguous along the innermost dimension (unit
    stride) and hold integers or floats, by loops over the outer
    dimensions and, along the innermost, native vectors of the target
    (`vector.transfer_read` / `transfer_write`, masked at the end of a run
    that is not a multiple of the lanes); otherwise by a `linalg.copy`,
    which `convert-linalg-to-loops` makes scalar loops. The memref lowering
    turns such a copy into a call to the runtime's `memrefCopy`, which
    moves one element per iteration of a generic index loop: the
    `tensor.pad` of a 56 x 56 x 64 ResNet-50 layer (its interior copied into
    the padded buffer) took about a third of the layer's time that way on
    Zen 5. Scalar loops were not enough either: LLVM left that copy as 64
    scalar moves per pixel (fully unrolled, not vectorized), 4% of the
    layer's time on a Xeon. Copies between identity-layout buffers stay
    (`memcpy`).
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target description (default: the regtile.target attribute or "
           "the host)">
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def RegtileInlineAllocaScopes : Pass<"regtile-inline-alloca-scopes"> {
  let summary = "Inline the alloca scopes that allocate nothing on the stack";
  let description = [{
    Inlines each single-block `memref.alloca_scope` without a
    `memref.alloca` or `llvm.alloca` outside its nested allocation scopes.
    `convert-scf-to-openmp` wraps each parallel loop's body in one; left
    there, it would hold the several blocks `convert-scf-to-cf` makes of the
    body's loops (invalid IR). Upstream's `AllocaScopeInliner` pattern does
    the same but also counts an op without memory effects as an allocation
    (the fence after streaming stores, an `llvm.call_intrinsic`) and keeps
    the scope. Nothing else changes: no folding, no region simplification.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def RegtileConvertControlFlowToLLVM
    : Pass<"regtile-convert-cf-to-llvm", "mlir::ModuleOp"> {
  let summary = "Upstream's convert-cf-to-llvm, AMX tile types included";
  let description = [{
    The patterns of upstream's `convert-cf-to-llvm` with a type converter
    that also maps `!amx.tile<...>` to `!llvm.x86_amx`: an accumulator tile
    that a loop carries (regtile-vector-to-amx) is a block argument of the
    loop's branches, which upstream's pass, knowing only the builtin types,
    fails to convert.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def RegtileRequestAMX : Pass<"regtile-request-amx", "mlir::ModuleOp"> {
  let summary = "A module that uses AMX tiles asks Linux for them when it "
                "is loaded";
  let description = [{
    Linux gives a process the AMX tile registers only after it asked
    (`arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)`); an AMX
    instruction before that faults. A module with a function that executes
    AMX intrinsics (`llvm.x86.tile*`, `llvm.x86.tdp*`) gets
    `__regtile_request_amx`, run as a constructor (`llvm.mlir.global_ctors`),
    which asks once per process (an atomic flag; both `linkonce_odr`, shared
    by kernels compiled apart), so that a kernel needs nothing from its
    caller. A constructor, not a call in each kernel: LLVM configures the
    tiles (`ldtilecfg`) at a kernel's entry, before any call in it. Linux on
    x86-64 only; a process the kernel refuses (no AMX in the CPU or the VM)
    faults at its first tile instruction.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def RegtileFinalizeLLVM : Pass<"regtile-finalize-llvm", "mlir::ModuleOp"> {
  let summary = "Mark LLVM functions with the target CPU and features; "
                "report what was not lowered";
  let description = [{
    Sets `target_cpu` and `target_features` on every defined `llvm.func`
    without a CPU (LLVM code generation, JIT or AOT, then uses them over its
    own default), and fails naming each kind of op left outside the LLVM
    dialect.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target description (default: the regtile.target attribute or "
           "the host)">
  ];
}

def RegtileLowerToLLVM : Pass<"regtile-lower-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower scheduled IR (tensors or memrefs, n-D vectors) to the "
                "LLVM dialect";
  let description = [{
    Runs `buildLowerToLLVMPipeline` for the module's target: strip the
    schedule, check the `regtile.*` marks (an unknown or mistyped one is an
    error), bufferize, deallocate, copy between strided buffers with loops
    (`regtile-strided-copies-to-loops`), lower vectors for x86 SIMD, apply the
    marked loop stages (fill on first use, streaming stores, prefetches),
    approximate vector math functions (`regtile-approximate-math`),
    convert to LLVM, finalize. For a target without native bf16
    conversions, bf16 is storage only in the LLVM code
    (`regtile-expand-arith{expand-bf16}`, `regtile-bf16-storage`).

    Threads: an `scf.forall` (e.g. from `structured.tile_using_forall`)
    becomes an `scf.parallel` right after bufferization
    (`scf-forall-to-parallel`), and every `scf.parallel` an OpenMP
    work-sharing loop (`omp.parallel { omp.wsloop }`, static schedule) just
    before the SCF-to-CF conversion (`convert-scf-to-openmp`: not earlier,
    where loop-invariant code motion and canonicalization would hoist ops
    into the loop wrapper, invalid IR), `convert-openmp-to-llvm` after the
    other LLVM conversions. The omp ops stay in the LLVM dialect module;
    the translation to LLVM IR makes them calls into the OpenMP runtime
    (link `libomp`, Debian `libomp-22-dev`), and the thread count is the
    runtime's (`OMP_NUM_THREADS`), chosen when the kernel runs.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target description (default: the regtile.target attribute or "
           "the host)">,
    Option<"reassociateFPReductions", "reassociate-fp-reductions", "bool",
           /*default=*/"false",
           "Allow reassociation of all FP vector reductions">
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
    "mlir::vector::VectorDialect", "mlir::arith::ArithDialect",
    "mlir::cf::ControlFlowDialect", "mlir::tensor::TensorDialect",
    "mlir::omp::OpenMPDialect", "mlir::amx::AMXDialect"
  ];
}

#endif // REGTILE_PIPELINES_PASSES
