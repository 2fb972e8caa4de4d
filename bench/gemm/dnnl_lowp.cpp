//===- dnnl_lowp.cpp - oneDNN's int8 and bf16 GEMMs as peers --------------===//
//
// C = A * B, row-major, through oneDNN (linked when found at build time,
// REGTILE_HAVE_DNNL): dnnl_gemm_u8s8s32 and dnnl_gemm_s8s8s32 (no offsets,
// alpha 1, beta 0), and bf16 x bf16 -> f32 through the matmul primitive on
// plain row-major buffers (oneDNN 2.6's C API has no bf16 gemm), the
// primitive created once per shape, outside the timing.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>

#ifdef REGTILE_HAVE_DNNL
#include <dnnl.hpp>
#endif

extern "C" {

bool peer_dnnl_gemm_u8s8s32(const uint8_t *a, const int8_t *b, int32_t *c,
                            int m, int n, int k) {
#ifdef REGTILE_HAVE_DNNL
  int32_t co = 0;
  return dnnl_gemm_u8s8s32('N', 'N', 'F', m, n, k, 1.0f, a, k, 0, b, n, 0, 0.0f,
                           c, n, &co) == dnnl_success;
#else
  (void)a, (void)b, (void)c, (void)m, (void)n, (void)k;
  return false;
#endif
}

bool peer_dnnl_gemm_s8s8s32(const int8_t *a, const int8_t *b, int32_t *c, int m,
                            int n, int k) {
#ifdef REGTILE_HAVE_DNNL
  int32_t co = 0;
  return dnnl_gemm_s8s8s32('N', 'N', 'F', m, n, k, 1.0f, a, k, 0, b, n, 0, 0.0f,
                           c, n, &co) == dnnl_success;
#else
  (void)a, (void)b, (void)c, (void)m, (void)n, (void)k;
  return false;
#endif
}

bool peer_dnnl_matmul_bf16(const uint16_t *a, const uint16_t *b, float *c,
                           int m, int n, int k) {
#ifdef REGTILE_HAVE_DNNL
  using namespace dnnl;
  using tag = memory::format_tag;
  using dt = memory::data_type;
  struct Prim {
    engine eng{engine::kind::cpu, 0};
    stream strm{eng};
    matmul prim;
    memory::desc ad, bd, cd;
  };
  // One primitive per shape (its creation is not what is timed).
  static std::map<std::tuple<int, int, int>, std::unique_ptr<Prim>> prims;
  std::unique_ptr<Prim> &p = prims[{m, n, k}];
  try {
    if (!p) {
      p = std::make_unique<Prim>();
      p->ad = memory::desc({m, k}, dt::bf16, tag::ab);
      p->bd = memory::desc({k, n}, dt::bf16, tag::ab);
      p->cd = memory::desc({m, n}, dt::f32, tag::ab);
      matmul::primitive_desc pd(matmul::desc(p->ad, p->bd, p->cd), p->eng);
      p->prim = matmul(pd);
    }
    memory am(p->ad, p->eng, const_cast<uint16_t *>(a));
    memory bm(p->bd, p->eng, const_cast<uint16_t *>(b));
    memory cm(p->cd, p->eng, c);
    p->prim.execute(
        p->strm,
        {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}});
    p->strm.wait();
    return true;
  } catch (const dnnl::error &) {
    p.reset();
    return false;
  }
#else
  (void)a, (void)b, (void)c, (void)m, (void)n, (void)k;
  return false;
#endif
}
}
