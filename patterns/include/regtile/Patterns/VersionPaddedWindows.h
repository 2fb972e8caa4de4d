//===- VersionPaddedWindows.h - Read a padded input in place ----*- C++ -*-===//
//
// A convolution whose input is padded by a producer tensor.pad reads each
// tile's window from the padded tensor: the whole padded input is built
// first (a fill and a strided copy of the input, a second copy of it in the
// caches), although only the tiles at the image's border read padding. On
// ResNet-50's padded 3x3 layers that copy was 6-10% of the layer. Versioning
// a tile loop's body by whether its windows lie inside the input lets the
// inner tiles read the input in place and builds a small padded window for
// the border tiles only; the padded tensor is then dead.
//
//===----------------------------------------------------------------------===//

#ifndef REGTILE_PATTERNS_VERSIONPADDEDWINDOWS_H
#define REGTILE_PATTERNS_VERSIONPADDEDWINDOWS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace regtile {

struct VersionPaddedWindowsResult {
  enum class Kind {
    /// The body reads no window of a padded tensor: unchanged.
    NoPaddedWindow,
    /// Every iteration's windows lie inside the input: read in place.
    AllInside,
    /// No iteration's windows lie inside the input along some dim (every
    /// tile is at the border): unchanged.
    AllBorder,
    /// The body is now `scf.if inside {body} else {border body}`.
    Versioned,
  };
  Kind kind = Kind::NoPaddedWindow;
  /// Versioned: the `scf.if`, whose then-region holds the body's ops (moved,
  /// reading the input in place) and else-region their clones.
  mlir::scf::IfOp version;
  /// Versioned: the body's ops to their clones in the border version.
  mlir::IRMapping border;
  /// How many windows were rewritten.
  unsigned windows = 0;
};

/// For `loop` (a tile loop), whose body reads windows of padded tensors:
/// `tensor.extract_slice` ops (unit strides, not rank-reducing, offsets
/// along the padded dims computed in the body from its IV and values
/// defined before it, not from nested loops) of a value defined before the
/// loop that is a `tensor.pad` (maybe through a `tensor.cast`)
/// with a constant padding value, or the guard a tiled pad becomes
/// (`scf.if` yielding a `tensor.generate` of that value or the pad), whose
/// source is a tensor or a unit-stride slice of one. Versions the body:
///   scf.if (every window inside its pad's source) {
///     the body, each window a slice of the source (no copy)
///   } else {
///     each window built once, at the top: tensor.pad of the source's part
///     it covers (dynamic low and high padding); where it moves along an
///     unpadded dim in a nested loop, over the whole of that dim (the body
///     takes its slices)
///     the body (cloned) reading it
///   }
/// Dims a pad does not pad are not tested. Where the tests are known for
/// every iteration (offsets, sizes and pads constant but for the loop's IV,
/// constant bounds), the loop is left unchanged if some dim is never inside
/// (every tile at the border: a window per tile would copy more than the
/// padded tensor does), and the windows read in place without a version if
/// all are always inside. Fails with `reason`, leaving the IR unchanged, if
/// a window of a padded tensor is not of the form above.
mlir::FailureOr<VersionPaddedWindowsResult>
versionPaddedWindows(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop,
                     std::string &reason);

} // namespace regtile

#endif // REGTILE_PATTERNS_VERSIONPADDEDWINDOWS_H
