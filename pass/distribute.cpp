// distribute.cpp - a loop of several independent recurrences split into one
// loop per recurrence, each then analyzed like any loop.
//
// opus's stereo de-emphasis carries two states (`m0`, `m1`) from two input
// arrays, each with a constant beside its input and each stored as a map of
// its value into one interleaved array (`pcm[2*j]`, `pcm[2*j+1]`). Each
// recurrence alone is a shape the pass takes (a materialized input, a
// scaled carry, an output map at stride 2); together they are "stores
// elsewhere", since the several-recurrences call plan takes plain
// recurrences only. Here the loop is distributed instead: its loop-carried
// values (header phis that are not inductions) are grouped by dependence
// (two states are one group when either's update reads the other; a store
// that reads no state but loads the array it writes, a recurrence kept in
// memory, is a group of its own; the stores of no recurrence one more),
// every store and every value used after the loop must depend on one group
// only (or on none), and every store of a group must touch memory apart
// from every access another group makes, over all iterations (alias
// analysis on the whole ranges, or SCEV: equal constant steps and starts
// whose difference keeps the elements apart modulo the step). Then the loop is
// copied once per group, the copies run one after another, each keeps its
// group's stores, the values after the loop come from the copy that
// computes them, and what a copy no longer needs is deleted. Reordering the
// iterations of independent recurrences so changes no value the program
// reads. Where alias analysis and the steps cannot tell a store apart from
// another group's access (opus loads its channels' pointers from an array),
// a check before the copies compares their byte ranges, as LoopVersioning
// does, and the original runs where they overlap or where the trip count is
// below the call threshold (marked plr.versioned; a branch never taken when
// nothing needs checking). If the pass replaces none
// of the copies, the distribution is undone (plrSettleDistributed), since
// on its own it would only add loop overhead.
#include "plr_pass.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <limits>
#include <memory>
#include <vector>

#include "distribute.h"
#include "promote.h"

using namespace llvm;

namespace {

// Enough for a filter bank's channels; more would make many copies.
constexpr unsigned MaxGroups = 8, MaxStates = 32, MaxChecks = 32;

// The loop's carried values and, for each instruction, the states it reads
// within one iteration (through operands; a state's own update is read
// through its phi, an induction is no state).
struct States {
  Loop &L;
  SmallVector<PHINode *, 8> Phis;
  DenseMap<const Value *, SmallBitVector> Memo;

  explicit States(Loop &Lp) : L(Lp) {}

  int index(const PHINode *P) const {
    for (unsigned I = 0; I < Phis.size(); ++I)
      if (Phis[I] == P)
        return (int)I;
    return -1;
  }
  // (loops inside one iteration go only through header phis, where the
  // walk stops: the recursion ends)
  SmallBitVector reads(const Value *V) {
    SmallBitVector None(Phis.size());
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I))
      return None;
    if (auto *P = dyn_cast<PHINode>(I); P && P->getParent() == L.getHeader()) {
      int K = index(P);
      if (K >= 0)
        None.set(K);
      return None;
    }
    auto It = Memo.find(I);
    if (It != Memo.end())
      return It->second;
    SmallBitVector R(Phis.size());
    for (const Value *Op : I->operands())
      R |= reads(Op);
    Memo[I] = R;
    return R;
  }
};

// Two accesses walking the loop by one constant step, a constant distance
// apart: 1 when their bytes never meet on any pair of iterations, 0 when
// they do, -1 when they are not two such accesses.
int interleaved(Loop &L, ScalarEvolution &SE, const DataLayout &DL, Instruction *S, Instruction *M) {
  auto *AS = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(getLoadStorePointerOperand(S)));
  auto *AM = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(getLoadStorePointerOperand(M)));
  if (!AS || !AM || AS->getLoop() != &L || AM->getLoop() != &L || !AS->isAffine() || !AM->isAffine())
    return -1;
  auto *Step = dyn_cast<SCEVConstant>(AS->getStepRecurrence(SE));
  if (!Step || Step->isZero() || AM->getStepRecurrence(SE) != Step || Step->getAPInt().getSignificantBits() > 40)
    return -1;
  auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(AS->getStart(), AM->getStart()));
  if (!D || D->getAPInt().getSignificantBits() > 40)
    return -1;
  int64_t St = std::abs(Step->getAPInt().getSExtValue()), Diff = D->getAPInt().getSExtValue();
  int64_t SzS = (int64_t)DL.getTypeStoreSize(getLoadStoreType(S)), SzM = (int64_t)DL.getTypeStoreSize(getLoadStoreType(M));
  // S's element at M's + Diff + k*St for every k: apart when the residue
  // leaves room for M's element before it and S's after it.
  int64_t R = ((Diff % St) + St) % St;
  return R >= SzM && R + SzS <= St;
}

// Whether the bytes store S writes, on any iteration, lie apart from those
// access M touches on any iteration, for certain.
bool apart(Loop &L, ScalarEvolution &SE, AAResults &AA, const DataLayout &DL, Instruction *S, Instruction *M) {
  Value *PS = getLoadStorePointerOperand(S), *PM = getLoadStorePointerOperand(M);
  return AA.isNoAlias(MemoryLocation::getBeforeOrAfter(PS), MemoryLocation::getBeforeOrAfter(PM)) ||
         interleaved(L, SE, DL, S, M) == 1;
}

// [Lo, Hi) of the bytes an access touches over the loop's iterations: at a
// fixed address, or walking by a constant step (nullptr Lo: neither).
void range(Loop &L, ScalarEvolution &SE, const DataLayout &DL, const SCEV *BTC, Instruction *I, const SCEV *&Lo,
           const SCEV *&Hi) {
  const SCEV *P = SE.getSCEV(getLoadStorePointerOperand(I));
  const SCEV *Size = SE.getConstant(SE.getEffectiveSCEVType(P->getType()), DL.getTypeStoreSize(getLoadStoreType(I)));
  Lo = nullptr;
  if (SE.isLoopInvariant(P, &L)) {
    Lo = P;
    Hi = SE.getAddExpr(P, Size);
    return;
  }
  auto *AR = dyn_cast<SCEVAddRecExpr>(P);
  auto *Step = AR && AR->getLoop() == &L && AR->isAffine() ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)) : nullptr;
  if (!Step)
    return;
  const SCEV *First = AR->getStart(), *Last = AR->evaluateAtIteration(BTC, SE);
  bool Up = Step->getAPInt().isNonNegative();
  Lo = Up ? First : Last;
  Hi = SE.getAddExpr(Up ? Last : First, Size);
}

// Two byte ranges [ALo, AHi) and [BLo, BHi) the check tests, each the union
// of the ranges of accesses to one base (LoopAccessAnalysis's checking
// groups, by base): a filter's y[i], y[i-1], y[i-2] are one range, checked
// once against each other base. (Where the two bases are one, each pair
// stays its own check.)
struct Overlap {
  const SCEV *ABase, *BBase;
  const SCEV *ALo, *AHi, *BLo, *BHi;
};

// The instructions of a loop (its blocks) that the given stores, the
// values used after the loop and the control flow need (the rest of a copy
// is deleted).
SmallPtrSet<Instruction *, 32> needed(ArrayRef<BasicBlock *> Blocks, ArrayRef<Instruction *> Roots) {
  SmallPtrSet<const BasicBlock *, 8> In(Blocks.begin(), Blocks.end());
  SmallPtrSet<Instruction *, 32> Live;
  SmallVector<Instruction *, 32> Work(Roots.begin(), Roots.end());
  for (BasicBlock *BB : Blocks)
    Work.push_back(BB->getTerminator());
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!In.count(I->getParent()) || !Live.insert(I).second)
      continue;
    for (Value *Op : I->operands())
      if (auto *J = dyn_cast<Instruction>(Op))
        Work.push_back(J);
  }
  return Live;
}

// A group of dependent states: the stores that read it (its copy keeps
// them).
struct Group {
  SmallVector<Instruction *, 4> Stores;
};

// The loads V reads within one iteration (through operands; header phis
// end the walk, as a later iteration's value).
void loadsRead(Loop &L, const Value *V, SmallPtrSetImpl<const Value *> &Seen, SmallPtrSetImpl<const LoadInst *> &Out) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || !Seen.insert(I).second)
    return;
  if (isa<PHINode>(I) && I->getParent() == L.getHeader())
    return;
  if (auto *Ld = dyn_cast<LoadInst>(I)) {
    Out.insert(Ld);
    return;
  }
  for (const Value *Op : I->operands())
    loadsRead(L, Op, Seen, Out);
}

SmallPtrSet<const LoadInst *, 8> loadsRead(Loop &L, const Value *V) {
  SmallPtrSet<const Value *, 16> Seen;
  SmallPtrSet<const LoadInst *, 8> Out;
  loadsRead(L, V, Seen, Out);
  return Out;
}

// Which of the recurrences kept in memory (their own loads each) a value
// reads within one iteration, memoized as States::reads is: the values used
// after the loop share one walk.
struct MemoryReads {
  Loop &L;
  ArrayRef<std::pair<SmallPtrSet<const LoadInst *, 8>, unsigned>> Own; // (own loads, group)
  DenseMap<const Value *, SmallBitVector> Memo;

  MemoryReads(Loop &Lp, ArrayRef<std::pair<SmallPtrSet<const LoadInst *, 8>, unsigned>> O) : L(Lp), Own(O) {}

  SmallBitVector of(const Value *V) {
    SmallBitVector R(Own.size());
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I) || (isa<PHINode>(I) && I->getParent() == L.getHeader()))
      return R;
    if (auto It = Memo.find(I); It != Memo.end())
      return It->second;
    if (auto *Ld = dyn_cast<LoadInst>(I)) {
      for (unsigned K = 0; K < Own.size(); ++K)
        if (Own[K].first.count(Ld))
          R.set(K);
    } else {
      for (const Value *Op : I->operands())
        R |= of(Op);
    }
    Memo[I] = R;
    return R;
  }
};

// What a split is to do, decided before the IR changes: the groups (a
// copy each, in this order), which copy computes each value used after the
// loop, and the tests before the copies.
struct Split {
  SmallVector<Group, 4> Groups;
  SmallVector<std::pair<Instruction *, int>, 8> LiveOut; // (value, group; -1: any copy)
  bool PlainCopies = false;                              // a group holds the stores of no recurrence
  SmallVector<Overlap, 8> Checks;
  const SCEV *Trips = nullptr; // backedges taken, tested against MinTrips - 1 (nullptr: no test)
  uint64_t MinTrips = 0;
};

// The loop's stores and values after it, by group: states one group when
// either's update reads the other; a store of a recurrence kept in memory
// a group of its own; the stores of no recurrence one more. False where a
// store or a value after the loop reads two groups, or there are fewer than
// two or too many.
bool groupLoop(Loop &L, States &St, ArrayRef<Instruction *> Stores, Split &Sp) {
  EquivalenceClasses<unsigned> Classes;
  for (unsigned K = 0; K < St.Phis.size(); ++K) {
    Classes.insert(K);
    SmallBitVector R = St.reads(St.Phis[K]->getIncomingValueForBlock(L.getLoopLatch()));
    for (int B = R.find_first(); B >= 0; B = R.find_next(B))
      Classes.unionSets(K, (unsigned)B);
  }
  // The class (its leader) of what a value reads: -1 none, -2 several.
  auto classOf = [&](const Value *V) {
    SmallBitVector R = St.reads(V);
    int C = -1;
    for (int B = R.find_first(); B >= 0; B = R.find_next(B)) {
      int Lead = (int)Classes.getLeaderValue((unsigned)B);
      if (C != -1 && C != Lead)
        return -2;
      C = Lead;
    }
    return C;
  };
  SmallVector<int, 8> Leaders;
  SmallVector<Group, 4> &Groups = Sp.Groups;
  auto groupOf = [&](int Lead) {
    for (unsigned G = 0; G < Leaders.size(); ++G)
      if (Leaders[G] == Lead)
        return G;
    Leaders.push_back(Lead);
    Groups.push_back(Group{});
    return (unsigned)Leaders.size() - 1;
  };
  // A store that reads no state but loads the array it writes is a
  // recurrence kept in memory (y[i] = b*y[i-1] + x[i] where y and x may
  // alias): a group of its own (a key below -2), which its loads of that
  // array stand for (a value after the loop that reads them is its).
  // The stores of no state and no array of their own (plain copies,
  // `z[2*i] = x[i]`) are one more group (the key INT_MIN): a loop of their
  // own, as written, after the recurrences'.
  int MemoryKey = -3;
  const int Plain = std::numeric_limits<int>::min();
  SmallVector<std::pair<SmallPtrSet<const LoadInst *, 8>, unsigned>, 4> MemoryGroups; // (own loads, group)
  SmallVector<Instruction *, 4> PlainStores;
  for (Instruction *S : Stores) {
    int C = classOf(S);
    if (C == -1) {
      const Value *Obj = getUnderlyingObject(getLoadStorePointerOperand(S));
      SmallPtrSet<const LoadInst *, 8> Own;
      for (const LoadInst *Ld : loadsRead(L, cast<StoreInst>(S)->getValueOperand()))
        if (getUnderlyingObject(Ld->getPointerOperand()) == Obj)
          Own.insert(Ld);
      if (Own.empty()) {
        PlainStores.push_back(S);
        continue;
      }
      C = MemoryKey--;
      MemoryGroups.push_back({std::move(Own), groupOf(C)});
    }
    if (C == -2) // a store of two states
      return false;
    Groups[groupOf(C)].Stores.push_back(S);
  }
  if (!PlainStores.empty()) {
    if (Groups.empty()) // (no recurrence: nothing to split from)
      return false;
    Groups[groupOf(Plain)].Stores.append(PlainStores.begin(), PlainStores.end());
    Sp.PlainCopies = true;
  }
  if (Groups.size() < 2 || Groups.size() > MaxGroups)
    return false;
  // Values used after the loop: from one group, or from none (an
  // induction's last value, the same in every copy).
  MemoryReads Mem(L, MemoryGroups);
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (User *U : I.users())
        if (auto *UI = dyn_cast<Instruction>(U); UI && !L.contains(UI)) {
          int C = classOf(&I);
          if (C == -2)
            return false;
          int G = -1;
          // (a value of no state that loads a recurrence's memory: that
          // copy's, after its stores as in the loop; of two: refused)
          SmallBitVector Reads = Mem.of(&I);
          for (int K = Reads.find_first(); K >= 0; K = Reads.find_next(K)) {
            if (G >= 0 || C >= 0)
              return false;
            G = (int)MemoryGroups[K].second;
          }
          if (C >= 0) {
            for (unsigned K = 0; K < Leaders.size(); ++K)
              if (Leaders[K] == C)
                G = (int)K;
            if (G < 0) // a state no store reads, used after the loop: its own copy
              G = (int)groupOf(C);
          }
          Sp.LiveOut.push_back({&I, G});
          break;
        }
  return Groups.size() <= MaxGroups;
}

// Each group's stores apart from every access another group needs: for
// certain, or by a range check before the copies (as LoopVersioning's: the
// loop as written where it fails), the ranges of one base merged; and the
// trip count against the call threshold. False where two accesses meet for
// certain or cannot be checked, or the loop never reaches the threshold.
bool planChecks(Loop &L, ScalarEvolution &SE, AAResults &AA, const DataLayout &DL, SCEVExpander &Exp,
                ArrayRef<Instruction *> Accesses, Split &Sp) {
  SmallVector<Group, 4> &Groups = Sp.Groups;
  SmallVector<SmallPtrSet<Instruction *, 32>, 4> Needs;
  for (unsigned G = 0; G < Groups.size(); ++G) {
    SmallVector<Instruction *, 16> Roots(Groups[G].Stores.begin(), Groups[G].Stores.end());
    for (auto &[V, VG] : Sp.LiveOut)
      if (VG == (int)G || VG < 0)
        Roots.push_back(V);
    Needs.push_back(needed(L.getBlocks(), Roots));
  }
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  SmallVector<Overlap, 8> &Checks = Sp.Checks;
  for (unsigned A = 0; A < Groups.size(); ++A)
    for (Instruction *S : Groups[A].Stores)
      for (unsigned B = 0; B < Groups.size(); ++B)
        if (B != A)
          for (Instruction *M : Accesses) {
            if (!Needs[B].count(M) || apart(L, SE, AA, DL, S, M) ||
                (B < A && is_contained(Groups[B].Stores, M))) // (two stores: that pair was seen from B)
              continue;
            Overlap O;
            if (interleaved(L, SE, DL, S, M) == 0 || isa<SCEVCouldNotCompute>(BTC))
              return false;
            range(L, SE, DL, BTC, S, O.ALo, O.AHi);
            range(L, SE, DL, BTC, M, O.BLo, O.BHi);
            if (!O.ALo || !O.BLo)
              return false;
            O.ABase = SE.getPointerBase(O.ALo);
            O.BBase = SE.getPointerBase(O.BLo);
            // (one base on both sides: not merged, or a group's own
            // accesses would meet its stores and the check never pass)
            auto Same = O.ABase == O.BBase ? Checks.end() : find_if(Checks, [&](const Overlap &P) {
              return (P.ABase == O.ABase && P.BBase == O.BBase) || (P.ABase == O.BBase && P.BBase == O.ABase);
            });
            if (Same == Checks.end()) {
              if (Checks.size() == MaxChecks)
                return false;
              Checks.push_back(O);
              continue;
            }
            if (Same->ABase != O.ABase) {
              std::swap(O.ALo, O.BLo);
              std::swap(O.AHi, O.BHi);
            }
            Same->ALo = SE.getUMinExpr(Same->ALo, O.ALo);
            Same->AHi = SE.getUMaxExpr(Same->AHi, O.AHi);
            Same->BLo = SE.getUMinExpr(Same->BLo, O.BLo);
            Same->BHi = SE.getUMaxExpr(Same->BHi, O.BHi);
          }
  for (const Overlap &O : Checks)
    for (const SCEV *X : {O.ALo, O.AHi, O.BLo, O.BHi})
      if (!Exp.isSafeToExpand(X))
        return false;
  // Below the call threshold no copy calls the runtime and the copies
  // would only cost one pass over the shared inputs per group: the loop as
  // written runs there (a declined call costs nothing). A trip count that
  // never reaches the threshold: not split.
  Sp.MinTrips = plr_call_threshold();
  if (!isa<SCEVCouldNotCompute>(BTC)) {
    unsigned W = SE.getTypeSizeInBits(BTC->getType());
    if (W < 64 && ((Sp.MinTrips - 1) >> W) != 0)
      return false;
    if (auto *C = dyn_cast<SCEVConstant>(BTC); C && C->getAPInt().ult(Sp.MinTrips - 1))
      return false;
    if (!isa<SCEVConstant>(BTC) && Exp.isSafeToExpand(BTC))
      Sp.Trips = BTC;
  }
  return true;
}

// The copies, one per group: the first by plrCloneLoop (the original
// behind the tests' branch), the others cloned from the original after it,
// in a chain; each keeps its group's stores and what they and its values
// after the loop need.
void copyLoop(Function &F, Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE, SCEVExpander &Exp,
              const Split &Sp, DistributedLoop &Out) {
  const SmallVector<Group, 4> &Groups = Sp.Groups;
  formLCSSA(L, DT, &LI, &SE);
  BasicBlock *Latch = L.getLoopLatch(), *Exit = L.getExitBlock(), *Header = L.getHeader();
  Instruction *At = L.getLoopPreheader()->getTerminator();
  IRBuilder<> B(At);
  Value *Conflict = B.getFalse();
  for (const Overlap &O : Sp.Checks) {
    auto X = [&](const SCEV *V) { return Exp.expandCodeFor(V, V->getType(), At); };
    Value *One = B.CreateICmpULT(X(O.ALo), X(O.BHi)), *Two = B.CreateICmpULT(X(O.BLo), X(O.AHi));
    Conflict = B.CreateOr(Conflict, B.CreateAnd(One, Two), "plr.dist.overlap");
  }
  if (Sp.Trips) {
    Value *T = Exp.expandCodeFor(Sp.Trips, Sp.Trips->getType(), At);
    Conflict =
        B.CreateOr(Conflict, B.CreateICmpULT(T, ConstantInt::get(T->getType(), Sp.MinTrips - 1)), "plr.dist.short");
  }
  Exp.clear();
  SmallVector<BasicBlock *, 8> Blocks(L.blocks());
  std::vector<std::unique_ptr<ValueToValueMapTy>> VMs;
  for (unsigned G = 0; G < Groups.size(); ++G)
    VMs.push_back(std::make_unique<ValueToValueMapTy>());
  BasicBlock *OrigPre;
  BranchInst *Choice = plrCloneLoop(F, L, Conflict, "plr.dist", *VMs[0], OrigPre);
  BasicBlock *DistExit = cast<BasicBlock>((*VMs[0])[Exit]);
  BasicBlock *PrevLatch = cast<BasicBlock>((*VMs[0])[Latch]);
  LLVMContext &C = F.getContext();
  for (unsigned G = 1; G < Groups.size(); ++G) {
    ValueToValueMapTy &VM = *VMs[G];
    BasicBlock *Pre = BasicBlock::Create(C, "plr.dist.ph", &F, DistExit);
    VM[OrigPre] = Pre;
    VM[Exit] = DistExit;
    plrCloneBlocks(F, Blocks, VM, DistExit);
    BranchInst::Create(cast<BasicBlock>(VM[Header]), Pre);
    PrevLatch->getTerminator()->replaceSuccessorWith(DistExit, Pre);
    PrevLatch = cast<BasicBlock>(VM[Latch]);
  }
  // After the loop: each value from the copy of its group.
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(Latch);
    int G = 0;
    for (auto &[LV, LG] : Sp.LiveOut)
      if (LV == V && LG > 0)
        G = LG;
    auto It = VMs[G]->find(V);
    Phi.setIncomingValueForBlock(DistExit, It == VMs[G]->end() ? V : static_cast<Value *>(It->second));
  }
  for (unsigned G = 0; G < Groups.size(); ++G) {
    ValueToValueMapTy &VM = *VMs[G];
    SmallVector<Instruction *, 16> Roots;
    for (Instruction *S : Groups[G].Stores)
      Roots.push_back(cast<Instruction>(VM[S]));
    SmallVector<BasicBlock *, 8> Copy;
    for (BasicBlock *BB : Blocks)
      Copy.push_back(cast<BasicBlock>(VM[BB]));
    for (BasicBlock *BB : Copy)
      for (Instruction &I : *BB)
        for (User *U : I.users())
          if (auto *UI = dyn_cast<Instruction>(U); UI && !is_contained(Copy, UI->getParent()))
            Roots.push_back(&I);
    SmallPtrSet<Instruction *, 32> Live = needed(Copy, Roots);
    SmallVector<Instruction *, 32> Dead;
    for (BasicBlock *BB : Copy)
      for (Instruction &I : *BB)
        if (!Live.count(&I) && !isa<DbgInfoIntrinsic>(I))
          Dead.push_back(&I);
    for (Instruction *I : Dead)
      I->dropAllReferences();
    for (Instruction *I : Dead)
      I->eraseFromParent();
    plrMarkLoop(cast<BasicBlock>(VM[Latch]), "plr.distributed");
  }
  // (debug intrinsics left reading deleted values: dropped)
  for (unsigned G = 0; G < Groups.size(); ++G)
    for (BasicBlock *BB : Blocks)
      for (Instruction &I : make_early_inc_range(*cast<BasicBlock>((*VMs[G])[BB])))
        if (auto *Dbg = dyn_cast<DbgVariableIntrinsic>(&I); Dbg && Dbg->isKillLocation())
          Dbg->eraseFromParent();
  plrMarkLoop(Latch, "plr.versioned"); // the original: never taken while the copies stay
  Out.Choice = Choice;
  Out.Original = OrigPre;
  Out.OriginalLatch = Latch;
  Out.Checks = Sp.Checks.size();
  Out.PlainCopies = Sp.PlainCopies;
  Out.MinTrips = Sp.Trips ? Sp.MinTrips : 0;
  Out.Latches.clear();
  for (unsigned G = 0; G < Groups.size(); ++G)
    Out.Latches.push_back(cast<BasicBlock>((*VMs[G])[Latch]));
}

// A loop's carried values, stores and accesses, where it is a loop the
// split can take: innermost, in simplified form, leaving from its latch,
// simple memory accesses and nothing else with side effects.
bool gather(Loop &L, ScalarEvolution &SE, States &St, SmallVectorImpl<Instruction *> &Stores,
            SmallVectorImpl<Instruction *> &Accesses) {
  if (!L.isInnermost() || !L.isLoopSimplifyForm() || !L.getExitBlock() || L.getExitingBlock() != L.getLoopLatch())
    return false;
  for (PHINode &P : L.getHeader()->phis()) {
    if (!SE.isSCEVable(P.getType()) || !isa<SCEVAddRecExpr>(SE.getSCEV(&P)))
      St.Phis.push_back(&P);
  }
  if (St.Phis.size() > MaxStates)
    return false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (auto *S = dyn_cast<StoreInst>(&I)) {
        if (!S->isSimple())
          return false;
        Stores.push_back(S);
        Accesses.push_back(S);
      } else if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        if (!Ld->isSimple())
          return false;
        Accesses.push_back(Ld);
      } else if (I.mayHaveSideEffects() || (I.mayReadOrWriteMemory() && !isa<DbgInfoIntrinsic>(I))) {
        return false;
      }
    }
  return true;
}

} // namespace

bool plrSplitsIntoGroups(Loop &L, ScalarEvolution &SE) {
  States St(L);
  SmallVector<Instruction *, 16> Stores, Accesses;
  Split Sp;
  return gather(L, SE, St, Stores, Accesses) && groupLoop(L, St, Stores, Sp);
}

unsigned plrDistribute(Function &F, Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE, AAResults &AA,
                       DistributedLoop &Out) {
  const DataLayout &DL = F.getDataLayout();
  States St(L);
  SmallVector<Instruction *, 16> Stores, Accesses;
  if (!gather(L, SE, St, Stores, Accesses))
    return 0;
  Split Sp;
  SCEVExpander Exp(SE, DL, "plr.dist");
  if (!groupLoop(L, St, Stores, Sp) || !planChecks(L, SE, AA, DL, Exp, Accesses, Sp))
    return 0;
  copyLoop(F, L, LI, DT, SE, Exp, Sp, Out);
  return Sp.Groups.size();
}

void plrSettleDistributed(Function &F, const DistributedLoop &D) {
  bool Any = false;
  for (BasicBlock *Latch : D.Latches) {
    MDNode *ID = Latch->getTerminator()->getMetadata(LLVMContext::MD_loop);
    Any |= ID && findOptionMDForLoopID(ID, "plr.versioned"); // replaced: the rewrite marked its fallback
  }
  if (Any) {
    // The copies stay, the original behind the check, or never taken.
    if (isa<ConstantInt>(D.Choice->getCondition()))
      ReplaceInstWithInst(D.Choice, BranchInst::Create(D.Choice->getSuccessor(1)));
    return;
  }
  PromotedState P;
  P.Choice = D.Choice;
  P.Original = D.Original;
  P.Latch = D.Latches.front();
  P.OriginalLatch = D.OriginalLatch;
  plrSettlePromoted(F, P);
}
