// marker.cpp - from the pragma plugin's annotation to loop metadata, and the
// warning for marked loops the pass does not replace (see marker.h).
//
// The annotation is converted at pipeline start, before any pass could move
// the loop body around: there the annotation call still sits in the block
// that clang emitted for the body, so the innermost loop containing it is
// the loop the pragma named. It is deleted at once because it is a call
// with side effects as far as the optimizer knows, and would block both the
// simplification passes and the recognizer.
//
// -O0: clang marks every function optnone, and the pass does not run there.
// A function with a marked loop is the user asking for that loop to be
// replaced, so for it alone we run the few passes the recognizer needs, then
// the plr pass, then put optnone back. Every other function stays as -O0
// left it.
#include "marker.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/IndVarSimplify.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

#include <memory>
#include <string>

using namespace llvm;

static const char MarkName[] = "plr.recurrence";
static const char WarnedName[] = "plr.warned";
// Function attribute listing the FILE:LINE of every loop marked in the
// function, so that a marked loop the optimizer removed before the pass
// could see it (fully unrolled, deleted) is reported too.
static const char MarksAttr[] = "plr-marks";

// Appends the operand !{Name[, Arg]} to the loop's llvm.loop (made if missing).
static void addLoopOperand(Loop &L, StringRef Name, StringRef Arg) {
  LLVMContext &C = L.getHeader()->getContext();
  SmallVector<Metadata *, 4> MDs{nullptr}; // self reference, set below
  if (MDNode *ID = L.getLoopID())
    for (unsigned i = 1; i < ID->getNumOperands(); ++i)
      MDs.push_back(ID->getOperand(i));
  SmallVector<Metadata *, 2> Op{MDString::get(C, Name)};
  if (!Arg.empty())
    Op.push_back(MDString::get(C, Arg));
  MDs.push_back(MDNode::get(C, Op));
  MDNode *N = MDNode::getDistinct(C, MDs);
  N->replaceOperandWith(0, N);
  L.setLoopID(N);
}

static MDNode *loopOperand(const Loop &L, StringRef Name) {
  MDNode *ID = L.getLoopID();
  return ID ? findOptionMDForLoopID(ID, Name) : nullptr;
}

static StringRef markWhere(MDNode *Mark) {
  if (Mark->getNumOperands() > 1)
    if (auto *S = dyn_cast<MDString>(Mark->getOperand(1)))
      return S->getString();
  return "?";
}

static void warn(Function &F, const Loop *L, StringRef Where, StringRef Why) {
  DiagnosticLocation Loc = L ? DiagnosticLocation(L->getStartLoc()) : DiagnosticLocation();
  const Value *Region = L ? static_cast<const Value *>(L->getHeader()) : &F.getEntryBlock();
  DiagnosticInfoOptimizationFailure D("plr", "MarkedLoopNotReplaced", Loc, Region);
  D << "loop marked by '#pragma plr recurrence' at " << Where << " not replaced: " << Why;
  F.getContext().diagnose(D);
}

void plrMarkerMissed(Function &F, Loop &L, StringRef Msg) {
  MDNode *Mark = loopOperand(L, MarkName);
  if (!Mark || loopOperand(L, WarnedName))
    return;
  // The remark reads "<what> not replaced: <why>"; the warning says the rest.
  size_t At = Msg.find(" not replaced: ");
  warn(F, &L, markWhere(Mark), At == StringRef::npos ? Msg : Msg.substr(At + 15));
  addLoopOperand(L, WarnedName, "");
}

namespace {

// Marked loops that are still there, not replaced and not yet explained:
// the plr pass gives no remark for loops that are no candidates at all.
struct PLRCheckPass : PassInfoMixin<PLRCheckPass> {
  static StringRef name() { return "plr-check"; } // as parsed (-print-pipeline-passes round-trips)
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    SmallVector<StringRef, 4> Seen;
    for (Loop *L : LI.getLoopsInPreorder()) {
      MDNode *Mark = loopOperand(*L, MarkName);
      if (Mark)
        Seen.push_back(markWhere(Mark));
      if (!Mark || loopOperand(*L, "plr.versioned") || loopOperand(*L, WarnedName))
        continue;
      warn(F, L, markWhere(Mark),
           L->isInnermost() ? "no recurrence found (no value stored in the loop depends on an earlier "
                              "output or an accumulator)"
                            : "it contains another loop (only innermost loops are replaced)");
      addLoopOperand(*L, WarnedName, "");
    }
    if (F.hasFnAttribute(MarksAttr)) {
      SmallVector<StringRef, 4> Marks;
      F.getFnAttribute(MarksAttr).getValueAsString().split(Marks, '\n', -1, false);
      for (StringRef Where : Marks)
        if (!is_contained(Seen, Where))
          warn(F, nullptr, Where,
               "the optimizer removed the loop before the pass saw it (fully unrolled for a short "
               "constant trip count, or found to do nothing)");
      F.removeFnAttr(MarksAttr);
    }
    return PreservedAnalyses::all();
  }
};

struct PLRMarkPass : PassInfoMixin<PLRMarkPass> {
  // The passes for a function with a marked loop that the plr pass would
  // not see: optnone, or at -O0 (shared: pass objects are copied).
  std::shared_ptr<FunctionPassManager> Prepare;
  // At -O0 the plr pass is not in the pipeline, optnone or not
  // (-Xclang -disable-O0-optnone): every function with a marked loop needs
  // the preparation then.
  bool O0;

  PLRMarkPass(std::shared_ptr<FunctionPassManager> P, bool O0) : Prepare(std::move(P)), O0(O0) {}

  static StringRef name() { return "plr-mark"; }
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    OS << (O0 ? "plr-mark<O0>" : "plr-mark");
  }

  // At -O0 the pass looks at marked loops only; asked for missed remarks,
  // say so for every other innermost loop instead of nothing at all.
  static void reportUnmarked(Module &M, FunctionAnalysisManager &FAM) {
    if (!M.getContext().getDiagHandlerPtr()->isMissedOptRemarkEnabled("plr"))
      return;
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      // A function with a marked loop was prepared: all its loops were seen.
      SmallVector<Loop *, 8> Loops = FAM.getResult<LoopAnalysis>(F).getLoopsInPreorder();
      if (any_of(Loops, [](Loop *L) { return loopOperand(*L, MarkName) != nullptr; }))
        continue;
      for (Loop *L : Loops)
        if (L->isInnermost()) {
          OptimizationRemarkMissed R("plr", "NotOptimized", L->getStartLoc(), L->getHeader());
          R << "loop not considered: at -O0 PLR looks only at loops marked '#pragma plr recurrence' (compile "
               "with -O1 or higher to have every loop considered)";
          F.getContext().diagnose(R);
        }
    }
  }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    PreservedAnalyses PA = convert(M, MAM);
    if (O0)
      reportUnmarked(M, MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager());
    return PA;
  }

  PreservedAnalyses convert(Module &M, ModuleAnalysisManager &MAM) {
    SmallVector<IntrinsicInst *, 8> Calls;
    for (Function &Decl : M)
      if (Decl.getIntrinsicID() == Intrinsic::annotation)
        for (User *U : Decl.users())
          if (auto *II = dyn_cast<IntrinsicInst>(U)) {
            StringRef S;
            if (getConstantStringInfo(II->getArgOperand(1), S) && S.starts_with(MarkName))
              Calls.push_back(II);
          }
    if (Calls.empty())
      return PreservedAnalyses::all();

    FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    SmallPtrSet<Function *, 4> Marked;
    SmallPtrSet<GlobalVariable *, 8> Strings;
    for (IntrinsicInst *II : Calls) {
      Function &F = *II->getFunction();
      StringRef S;
      getConstantStringInfo(II->getArgOperand(1), S);
      StringRef Where = S.drop_front(sizeof MarkName - 1).ltrim(':');
      LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
      Loop *L = LI.getLoopFor(II->getParent());
      if (!L)
        // The body runs at most once: clang found the loop condition false
        // after one iteration, or the backedge is unreachable.
        warn(F, nullptr, Where, "the marked statement is not a loop in the generated code");
      else if (!loopOperand(*L, MarkName)) {
        addLoopOperand(*L, MarkName, Where);
        std::string All = F.getFnAttribute(MarksAttr).getValueAsString().str();
        F.addFnAttr(MarksAttr, All.empty() ? Where.str() : All + "\n" + Where.str());
      }
      for (Value *Op : II->args())
        if (auto *G = dyn_cast<GlobalVariable>(Op->stripPointerCasts()))
          Strings.insert(G);
      II->replaceAllUsesWith(II->getArgOperand(0));
      II->eraseFromParent();
      if (L && (O0 || F.hasOptNone()))
        Marked.insert(&F);
    }
    // Leave no trace: the annotation strings and the declaration.
    for (GlobalVariable *G : Strings)
      if (G->use_empty() && G->hasLocalLinkage())
        G->eraseFromParent();
    for (Function &Decl : make_early_inc_range(M))
      if (Decl.getIntrinsicID() == Intrinsic::annotation && Decl.use_empty())
        Decl.eraseFromParent();
    for (Function &F : M) { // in module order: diagnostics in source order
      if (!Marked.count(&F))
        continue;
      bool OptNone = F.hasOptNone();
      FAM.invalidate(F, PreservedAnalyses::none());
      F.removeFnAttr(Attribute::OptimizeNone);
      Prepare->run(F, FAM);
      if (OptNone)
        F.addFnAttr(Attribute::OptimizeNone);
    }
    return PreservedAnalyses::none();
  }

  static bool isRequired() { return true; }
};

// -Oz does not rotate loops (header duplication grows code), and the
// recognizer needs rotated loops: for functions with a marked loop, the
// user's request outweighs the few bytes.
struct PLRRotateMarked : PassInfoMixin<PLRRotateMarked> {
  std::shared_ptr<FunctionPassManager> Rotate;

  static StringRef name() { return "plr-rotate-marked"; }

  PLRRotateMarked() : Rotate(std::make_shared<FunctionPassManager>()) {
    LoopPassManager LPM;
    LPM.addPass(LoopRotatePass(/*EnableHeaderDuplication=*/true));
    LPM.addPass(LICMPass(LICMOptions()));
    LPM.addPass(IndVarSimplifyPass());
    Rotate->addPass(createFunctionToLoopPassAdaptor(std::move(LPM), /*UseMemorySSA=*/true));
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (!F.hasFnAttribute(MarksAttr))
      return PreservedAnalyses::all();
    // LoopRotate declines any header duplication in a minsize function.
    bool MinSize = F.hasMinSize();
    F.removeFnAttr(Attribute::MinSize);
    PreservedAnalyses PA = Rotate->run(F, FAM);
    if (MinSize)
      F.addFnAttr(Attribute::MinSize);
    return PA;
  }
};

// What the recognizer needs of an -O0 function: SSA values, canonical
// rotated loops with invariant coefficients hoisted, then the pass itself
// and the check.
std::shared_ptr<FunctionPassManager> preparePipeline(PassBuilder &PB) {
  auto FPM = std::make_shared<FunctionPassManager>();
  FPM->addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM->addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  FPM->addPass(InstCombinePass());
  FPM->addPass(SimplifyCFGPass());
  LoopPassManager LPM;
  LPM.addPass(LoopRotatePass());
  LPM.addPass(LICMPass(LICMOptions()));
  LPM.addPass(IndVarSimplifyPass());
  FPM->addPass(createFunctionToLoopPassAdaptor(std::move(LPM), /*UseMemorySSA=*/true));
  FPM->addPass(InstCombinePass());
  if (Error E = PB.parsePassPipeline(*FPM, "plr"))
    report_fatal_error(std::move(E));
  FPM->addPass(PLRCheckPass());
  return FPM;
}

} // namespace

void plrMarkerRegister(PassBuilder &PB) {
  // The callbacks run while PB builds or parses a pipeline, so PB is alive.
  PB.registerPipelineStartEPCallback([&PB](ModulePassManager &MPM, OptimizationLevel Lvl) {
    MPM.addPass(PLRMarkPass(preparePipeline(PB), Lvl == OptimizationLevel::O0));
  });
  PB.registerScalarOptimizerLateEPCallback([](FunctionPassManager &FPM, OptimizationLevel Lvl) {
    if (Lvl == OptimizationLevel::Oz)
      FPM.addPass(PLRRotateMarked());
  });
  // After the plr pass (registered before us at the same point).
  PB.registerVectorizerStartEPCallback([](FunctionPassManager &FPM, OptimizationLevel Lvl) {
    if (Lvl != OptimizationLevel::O0)
      FPM.addPass(PLRCheckPass());
  });
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        // <O0>: as in an -O0 pipeline, every function with a marked loop
        // is prepared, optnone or not
        if (Name != "plr-mark" && Name != "plr-mark<O0>")
          return false;
        MPM.addPass(PLRMarkPass(preparePipeline(PB), Name.ends_with("<O0>")));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "plr-check")
          FPM.addPass(PLRCheckPass());
        else if (Name == "plr-rotate-marked")
          FPM.addPass(PLRRotateMarked());
        else
          return false;
        return true;
      });
}
