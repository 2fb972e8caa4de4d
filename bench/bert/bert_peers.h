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

} // namespace regtile::bench

#endif // REGTILE_BENCH_BERT_PEERS_H
