//===- bert_peers.h - Peers of the BERT layer benchmark ---------*- C++ -*-===//

#ifndef REGTILE_BENCH_BERT_PEERS_H
#define REGTILE_BENCH_BERT_PEERS_H

namespace regtile::bench {

/// What follows a layer's GEMM and bias add.
enum class Epilogue { None, Gelu, Residual };

/// Y = X W + b (+ its epilogue) through oneDNN's matmul primitive, row-major
/// f32 buffers; false if oneDNN is not linked or refuses the shape.
bool dnnlLinear(const float *x, const float *w, const float *bias,
                const float *residual, float *y, int m, int n, int k,
                Epilogue epilogue);

/// C[h] = A[h] B[h] for h < batch through oneDNN's matmul primitive with a
/// batch dim, row-major f32 buffers: A is batch x m x k, B batch x k x n, or
/// batch x n x k read transposed when `transposedB`; with a `mask` (n
/// values), C = scale A B + mask (an eltwise linear and a broadcast binary
/// add post-op). False if oneDNN is not linked or refuses the shape.
bool dnnlBatchMatmul(const float *a, const float *b, const float *mask,
                     float *c, int batch, int m, int n, int k, bool transposedB,
                     float scale);

} // namespace regtile::bench

#endif // REGTILE_BENCH_BERT_PEERS_H
