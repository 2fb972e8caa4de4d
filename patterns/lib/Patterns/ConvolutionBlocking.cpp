//===- ConvolutionBlocking.cpp - Register tiles of 2-D convolutions -------===//

#include "regtile/Patterns/DotProduct.h"
#include "regtile/Patterns/Epilogue.h"
#include "regtile/Patterns/Patterns.h"
#include "regtile/Patterns/PrepackFilter.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace regtile {

/// The bytes from one output pixel's input to the next along ow, for a
/// dense convolution whose input has static sizes and the input channels
/// innermost (NHWC); 0 otherwise.
static int64_t inputPixelBytes(linalg::LinalgOp op, unsigned filterOperand,
                               const linalg::ConvolutionDimensions &dims) {
  if (dims.inputChannel.size() != 1 || dims.strides.size() != 2)
    return 0;
  OpOperand *input = op.getDpsInputOperand(filterOperand == 0 ? 1 : 0);
  auto type = dyn_cast<ShapedType>(input->get().getType());
  AffineMap map = op.getMatchingIndexingMap(input);
  if (!type || !type.hasStaticShape() || type.getRank() != 4 ||
      !type.getElementType().isIntOrFloat() ||
      map.getResult(3) !=
          getAffineDimExpr(dims.inputChannel[0], op.getContext()))
    return 0;
  return dims.strides[1] * type.getDimSize(3) * type.getElementTypeBitWidth() /
         8;
}

namespace {

/// Whether the filter's innermost dim is the output channels (HWCF, not
/// FCHW): the micro-kernel loads the filter as vectors of them, so only
/// then can it read the filter in place.
bool hasOutputChannelsInnermost(linalg::LinalgOp op, unsigned filterOperand,
                                const linalg::ConvolutionDimensions &dims) {
  AffineMap map =
      op.getMatchingIndexingMap(op.getDpsInputOperand(filterOperand));
  return map.getNumResults() > 0 &&
         map.getResults().back() ==
             getAffineDimExpr(dims.outputChannel[0], op.getContext());
}

/// The filter's bytes for the static loop ranges (n, oh, ow, oc, kh, kw,
/// ci), with the input channels padded to a multiple of `ciMultiple` and the
/// output channels to one of `ocMultiple` (as a staged filter is).
int64_t filterBytes(linalg::LinalgOp op, unsigned filterOperand,
                    ArrayRef<int64_t> ranges, int64_t ciMultiple,
                    int64_t ocMultiple) {
  Type filterType =
      getElementTypeOrSelf(op.getDpsInputs()[filterOperand].getType());
  return ranges[4] * ranges[5] * llvm::alignTo(ranges[6], ciMultiple) *
         llvm::alignTo(ranges[3], ocMultiple) *
         llvm::divideCeil(filterType.getIntOrFloatBitWidth(), 8);
}

/// Whether a 1x1 filter is read in place rather than packed per channel
/// block in every call: when each block's panel serves few register tiles
/// (at most 8 row tiles: the copy is paid for by few reads) and the filter
/// is at most twice L2. Measured on Zen 5 (1 MiB L2): MobileNetV2's 1x1
/// layers on 7x7 images (7 row tiles, 0.4 to 1.6 MB filters) ran 1.06 to
/// 1.15x faster in place on one thread (up to 1.28x on two); with more row
/// tiles (14x14 and larger images) the two were within a few percent; but
/// ResNet-50's 1x1 layers ran up to 2x slower in place, on 56x56 to 14x14
/// images and on 7x7 ones with 4 to 8 MB filters. 3x3 filters (one stream
/// per kw) ran up to 1.5x slower in place.
bool readsFilterInPlace(linalg::LinalgOp op, unsigned filterOperand,
                        const linalg::ConvolutionDimensions &dims,
                        ArrayRef<int64_t> ranges, int64_t rows,
                        const TargetInfo &target) {
  bool unitWindow =
      llvm::all_of(dims.filterLoop, [&](unsigned d) { return ranges[d] == 1; });
  // (n, oh, ow, oc, kh, kw, ci), all static.
  if (!unitWindow || llvm::any_of(ranges, ShapedType::isDynamic))
    return false;
  if (!hasOutputChannelsInnermost(op, filterOperand, dims))
    return false;
  int64_t rowTiles = ranges[0] * ranges[1] * llvm::divideCeil(ranges[2], rows);
  return rowTiles <= 8 &&
         filterBytes(op, filterOperand, ranges, 1, 1) <= 2 * target.l2Bytes;
}

/// Whether the tile loops run the output channels innermost (see
/// ConvolutionBlocking::channelsInnermost): each row tile's input window
/// is then read once for all the channels (it stays in L1 across the
/// channel blocks) and its output lines are written whole, but every row
/// tile reads the whole filter, so it must stay in L2 beside the streamed
/// input and output: at most a third of it, as staged (input channels
/// padded to the dot-product group, output channels to the tile). Measured
/// on a Xeon Emerald Rapids (2 MiB L2), one thread: f32 filters of 64 KB
/// to 590 KB ran 1.00 to 1.07x faster this way (the u8 x s8 seed layer's
/// 147 KB 1.05 to 1.10x), a 1 MB one 0.97x, 2.4 MB 0.87x, 9.4 MB 0.56x.
bool runsChannelsInnermost(linalg::LinalgOp op, unsigned filterOperand,
                           ArrayRef<int64_t> ranges, int64_t channels,
                           int64_t group, const TargetInfo &target) {
  // (n, oh, ow, oc, kh, kw, ci): the filter's sizes static.
  if (llvm::any_of(ranges.drop_front(3), ShapedType::isDynamic))
    return false;
  return 3 * filterBytes(op, filterOperand, ranges, group, channels) <=
         target.l2Bytes;
}

/// kh rows of a depthwise convolution's NHWC input, per channel (kh x W
/// elements), or 0 where the sizes are not static.
static int64_t
depthwiseRowBytesPerChannel(linalg::LinalgOp op, unsigned filterOperand,
                            const linalg::ConvolutionDimensions &dims,
                            ArrayRef<int64_t> ranges) {
  OpOperand *input = op.getDpsInputOperand(filterOperand == 0 ? 1 : 0);
  auto inType = dyn_cast<ShapedType>(input->get().getType());
  AffineMap map = op.getMatchingIndexingMap(input);
  // (n, oh, ow, c, kh, kw), an NHWC input of static sizes.
  if (!inType || !inType.hasStaticShape() || inType.getRank() != 4 ||
      !inType.getElementType().isIntOrFloat() ||
      ShapedType::isDynamic(ranges[4]) || dims.strides.size() != 2 ||
      map.getResult(3) != getAffineDimExpr(dims.depth[0], op.getContext()))
    return 0;
  return ranges[4] * inType.getDimSize(2) *
         llvm::divideCeil(inType.getElementTypeBitWidth(), 8);
}

/// The channels of one pass of a depthwise convolution's tile loops with
/// the channels outer (c0 step pass, n, oh, ow, c step channels): the most
/// blocks of `channels` dividing the channel count whose kh input rows take
/// at most half of L1 (the rest holds the output lines and the filter), at
/// least one block.
static int64_t depthwisePassChannels(linalg::LinalgOp op,
                                     unsigned filterOperand,
                                     const linalg::ConvolutionDimensions &dims,
                                     ArrayRef<int64_t> ranges, int64_t channels,
                                     const TargetInfo &target) {
  int64_t rowBytes =
      depthwiseRowBytesPerChannel(op, filterOperand, dims, ranges);
  int64_t count = ranges[3];
  if (!rowBytes || ShapedType::isDynamic(count) || count % channels)
    return channels;
  int64_t pass = channels;
  for (int64_t p = channels; p <= count; p += channels)
    if (count % p == 0 && p * rowBytes <= target.l1dBytes / 2)
      pass = p;
  return pass;
}

/// Whether a depthwise convolution's tile loops run the channel blocks
/// innermost, (n, oh, ow, c), rather than in passes of `pass` channels, (c0
/// step pass, n, oh, ow, c). Innermost, each row tile reads its pixels'
/// channels as whole lines and the next row of tiles re-reads kh - stride
/// of the kh input rows this one read, all channels of them: from L1 while
/// kh rows over all the channels fit there. Where they do not, the
/// channels go in passes whose kh rows stay in L1 from one row of tiles to
/// the next: passes of several blocks read runs of whole lines of each
/// pixel; passes of one block read one line of each pixel, and only where
/// that saves the most reads (kh >= 2 x stride: the rows re-read at least
/// as many as the new ones) and the input and output are L2 hits for the
/// passes (together at most L2). Measured on an Intel Xeon (family 6,
/// model 167; 48 KiB L1d, 2 MiB L2), one thread, MobileNetV2's 3x3 layers,
/// passes of one block / innermost: stride 1 at 28 x 28 x 192, 14 x 14 x
/// 384, 14 x 14 x 576 and 7 x 7 x 960 ran 0.97 to 1.13x with the input
/// padded ahead and 1.16 to 1.31x with a producer tensor.pad; the stride-2
/// ones 0.70 to 1.21x; 56 x 56 x 144 (3.7 MB) 0.93 to 1.01x, 112 x 112 x
/// 96 stride 2 (6.2 MB) 0.52x, 112 x 112 x 32 (rows in L1) 0.66x. On an
/// AMD EPYC Zen 5 (48 KiB L1d, 1 MiB L2), passes of 96 and 64 channels
/// took the stride-2 14 x 14 x 576 and 28 x 28 x 192 layers 1.2 to 1.9x
/// faster than innermost (passes of one block there: 1.2 to 1.4x; on the
/// 56 x 56 and 112 x 112 ones 1.1 to 1.3x, against the Xeon's 0.52 to
/// 1.01x: those stay innermost).
static bool
runsDepthwiseChannelsInnermost(linalg::LinalgOp op, unsigned filterOperand,
                               const linalg::ConvolutionDimensions &dims,
                               ArrayRef<int64_t> ranges, int64_t channels,
                               int64_t pass, const TargetInfo &target) {
  int64_t rowBytes =
      depthwiseRowBytesPerChannel(op, filterOperand, dims, ranges);
  auto inType = cast<ShapedType>(
      op.getDpsInputOperand(filterOperand == 0 ? 1 : 0)->get().getType());
  auto outType = dyn_cast<ShapedType>(op.getDpsInitOperand(0)->get().getType());
  if (!rowBytes || !outType || !outType.hasStaticShape() ||
      !outType.getElementType().isIntOrFloat())
    return true;
  if (rowBytes * inType.getDimSize(3) <= target.l1dBytes)
    return true;
  if (pass > channels)
    return false;
  auto bytes = [](ShapedType t) {
    return t.getNumElements() * llvm::divideCeil(t.getElementTypeBitWidth(), 8);
  };
  return ranges[4] < 2 * dims.strides[0] ||
         bytes(inType) + bytes(outType) > target.l2Bytes;
}

/// The output channels of the blocks of a filter packed ahead of the call
/// (prepack_filter's unpack, blocked along the output channels, its
/// innermost dim, each block a view of the packed filter), else 0.
int64_t prepackedBlock(linalg::LinalgOp op, unsigned filterOperand,
                       const linalg::ConvolutionDimensions &dims) {
  auto unpack =
      op.getDpsInputs()[filterOperand].getDefiningOp<linalg::UnPackOp>();
  if (!unpack || !hasOutputChannelsInnermost(op, filterOperand, dims))
    return 0;
  SmallVector<int64_t> tiles = unpack.getStaticTiles();
  if (tiles.size() != 1 || ShapedType::isDynamic(tiles[0]))
    return 0;
  int64_t last = unpack.getDestType().getRank() - 1;
  return unpacksToViewsOfBlocks(unpack, last, tiles[0]) ? tiles[0] : 0;
}

/// The loop order of linalg.conv_2d_nhwc_hwcf, (n, oh, ow, oc, kh, kw, ci),
/// or of linalg.depthwise_conv_2d_nhwc_hwc, (n, oh, ow, c, kh, kw), and an
/// output indexed as NHWC: the strategies' tile sizes and interchanges are
/// written for them.
LogicalResult checkLoopOrder(linalg::LinalgOp op,
                             const linalg::ConvolutionDimensions &dims,
                             bool depthwise, std::string &reason) {
  unsigned channel = depthwise ? dims.depth[0] : dims.outputChannel[0];
  bool ordered = dims.batch[0] == 0 && dims.outputImage[0] == 1 &&
                 dims.outputImage[1] == 2 && channel == 3 &&
                 dims.filterLoop[0] == 4 && dims.filterLoop[1] == 5 &&
                 (depthwise || dims.inputChannel[0] == 6);
  AffineMap nhwc =
      AffineMap::getMultiDimIdentityMap(op.getNumLoops(), op.getContext())
          .getMajorSubMap(4);
  if (ordered && op.getMatchingIndexingMap(op.getDpsInitOperand(0)) == nhwc)
    return success();
  reason = depthwise
               ? "expected the loops (n, oh, ow, c, kh, kw) and an NHWC output "
                 "(the order of linalg.depthwise_conv_2d_nhwc_hwc)"
               : "expected the loops (n, oh, ow, oc, kh, kw, ci) and an NHWC "
                 "output (the order of linalg.conv_2d_nhwc_hwcf)";
  return failure();
}

} // namespace

FailureOr<linalg::ConvolutionDimensions>
classifyConvolution(linalg::LinalgOp op, unsigned &filterOperand) {
  filterOperand = 1;
  FailureOr<linalg::ConvolutionDimensions> dims =
      linalg::inferConvolutionDims(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (succeeded(dims) || !generic || generic.getNumDpsInputs() != 2)
    return dims;
  filterOperand = 0;
  // Ask about a detached copy with the inputs swapped.
  OpBuilder b(op.getContext());
  auto swapped = cast<linalg::GenericOp>(b.clone(*generic));
  swapped->setOperand(0, generic->getOperand(1));
  swapped->setOperand(1, generic->getOperand(0));
  SmallVector<Attribute> maps(generic.getIndexingMaps().getValue());
  std::swap(maps[0], maps[1]);
  swapped.setIndexingMapsAttr(b.getArrayAttr(maps));
  dims = linalg::inferConvolutionDims(swapped);
  swapped->erase();
  return dims;
}

FailureOr<linalg::ConvolutionDimensions>
classifyTensorConvolution(linalg::LinalgOp op, unsigned &filterOperand,
                          std::string &reason) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1) {
    reason = "expected a convolution on tensors with two inputs and one "
             "output";
    return failure();
  }
  FailureOr<linalg::ConvolutionDimensions> dims =
      classifyConvolution(op, filterOperand);
  if (failed(dims))
    reason = "the op is not a convolution (no output image / filter loop "
             "pair)";
  return dims;
}

static bool hasImageDims(const linalg::ConvolutionDimensions &dims) {
  return dims.batch.size() == 1 && dims.outputImage.size() == 2 &&
         dims.filterLoop.size() == 2;
}
bool isDenseConvolution(const linalg::ConvolutionDimensions &dims) {
  return hasImageDims(dims) && dims.outputChannel.size() == 1 &&
         dims.inputChannel.size() == 1 && dims.depth.empty();
}
bool isDepthwiseConvolution(const linalg::ConvolutionDimensions &dims) {
  return hasImageDims(dims) && dims.outputChannel.empty() &&
         dims.inputChannel.empty() && dims.depth.size() == 1;
}

FailureOr<ConvolutionBlocking>
computeConvolutionBlocking(linalg::LinalgOp op, const TargetInfo &target,
                           const ConvolutionBlockingOptions &fixed,
                           std::string &reason) {
  auto fail = [&](const Twine &msg) {
    reason = msg.str();
    return failure();
  };
  if (op.getNumDpsInits() != 1 || op.getNumDpsInputs() != 2)
    return fail("expected a convolution with two inputs and one output");
  Type accType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  if (!accType.isIntOrFloat())
    return fail("expected an integer or float output");
  if (failed(checkNonEmptyLoops(op, reason)))
    return failure();
  unsigned filterOperand;
  FailureOr<linalg::ConvolutionDimensions> dims =
      classifyConvolution(op, filterOperand);
  if (failed(dims))
    return fail("the op is not a convolution (no output image / filter "
                "loop pair)");
  bool depthwise = isDepthwiseConvolution(*dims);
  if (!depthwise && !isDenseConvolution(*dims))
    return fail(llvm::formatv(
        "expected a 2-D convolution with one batch, two output image, one "
        "output channel, two filter loop and one input channel dims (or one "
        "depthwise channel dim instead of the channel dims); found {0}, {1}, "
        "{2}, {3} and {4} (and {5} depthwise dims)",
        dims->batch.size(), dims->outputImage.size(),
        dims->outputChannel.size(), dims->filterLoop.size(),
        dims->inputChannel.size(), dims->depth.size()));
  if (failed(checkLoopOrder(op, *dims, depthwise, reason)))
    return failure();
  if (fixed.rows < 0 || fixed.channels < 0)
    return fail(llvm::formatv("rows = {0}, channels = {1}: expected "
                              "non-negative sizes",
                              fixed.rows, fixed.channels));
  int64_t lanes = target.lanes(accType);
  if (fixed.channels % lanes != 0)
    return fail(llvm::formatv("channels = {0} is not a multiple of the {1} "
                              "lanes of a native vector",
                              fixed.channels, lanes));
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t pixelBytes = inputPixelBytes(op, filterOperand, *dims);
  FailureOr<ConvolutionTile> tile = failure();
  // A filter packed ahead of the call: its blocks' channels if they make a
  // register tile (each tile then reads one block in place).
  int64_t block = depthwise ? 0 : prepackedBlock(op, filterOperand, *dims);
  if (!fixed.channels && block && block % lanes == 0)
    tile =
        chooseConvolutionTile(target, accType, ranges[2], ranges[3], fixed.rows,
                              block / lanes, depthwise, pixelBytes, reason);
  if (failed(tile))
    tile = chooseConvolutionTile(target, accType, ranges[2], ranges[3],
                                 fixed.rows, fixed.channels / lanes, depthwise,
                                 pixelBytes, reason);
  if (failed(tile))
    return failure();
  ConvolutionBlocking b;
  b.rows = tile->rows;
  b.channels = tile->vectors * lanes;
  b.filterOperand = filterOperand;
  b.depthwise = depthwise;
  int64_t group = depthwise ? 1 : dotProductGroup(op, target);
  b.stageFilter = !depthwise &&
                  !(group == 1 && (readsFilterInPlace(op, filterOperand, *dims,
                                                      ranges, b.rows, target) ||
                                   (block && block == b.channels)));
  if (fixed.stageFilter && depthwise && *fixed.stageFilter)
    return fail("a depthwise filter is read in place (no filter to stage)");
  if (fixed.stageFilter && !*fixed.stageFilter && !depthwise &&
      !hasOutputChannelsInnermost(op, filterOperand, *dims))
    return fail("the filter must be staged: its output channels are not its "
                "innermost dim (the micro-kernel loads them as vectors)");
  if (fixed.stageFilter && !*fixed.stageFilter && group > 1)
    return fail(llvm::formatv("the filter must be staged: the dot-product "
                              "unit reads it in groups of {0} input channels",
                              group));
  if (fixed.stageFilter)
    b.stageFilter = *fixed.stageFilter;
  // Passes of all the channels (0: untiled) where they are innermost, else
  // of one block, or of several for a depthwise order derived.
  int64_t pass = depthwise && !fixed.channelsInnermost
                     ? depthwisePassChannels(op, filterOperand, *dims, ranges,
                                             b.channels, target)
                     : b.channels;
  b.channelsInnermost = fixed.channelsInnermost.value_or(
      depthwise
          ? runsDepthwiseChannelsInnermost(op, filterOperand, *dims, ranges,
                                           b.channels, pass, target)
          : runsChannelsInnermost(op, filterOperand, ranges, b.channels, group,
                                  target));
  b.passChannels = b.channelsInnermost ? 0 : pass;

  // The op whose tiles the loops produce: the convolution's elementwise
  // consumer (a ReLU, a bias add), if it is its only user, else itself.
  b.root = epilogueRoot(op);
  return b;
}

} // namespace regtile
