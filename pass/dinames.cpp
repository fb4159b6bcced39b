// dinames.cpp - source names from debug info, for remarks (part of the shim:
// the LLVM C API reaches neither debug records nor composite types).
//
// A value's name is the variable a #dbg_value (or llvm.dbg.value) binds it
// to, or for an argument the parameter its subprogram lists. A struct
// field is found from the pointer's variable: its type, through typedefs
// and qualifiers, points to a struct whose members carry bit offsets.
#include "plr_pass.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

// The source variable v is (wholly: no DIExpression fragment or offset).
// An argument is its parameter first: a local it also starts (i = p in
// `for (i = p; ...)`) names it only from there on.
static DILocalVariable *variableOf(Value *V) {
  if (auto *A = dyn_cast<Argument>(V))
    if (DISubprogram *SP = A->getParent()->getSubprogram())
      for (DINode *N : SP->getRetainedNodes())
        if (auto *Var = dyn_cast<DILocalVariable>(N))
          if (Var->getArg() == A->getArgNo() + 1)
            return Var;
  SmallVector<DbgValueInst *, 2> Intrinsics;
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgValues(Intrinsics, V, &Records);
  for (DbgVariableRecord *R : Records)
    if (R->getExpression()->getNumElements() == 0)
      return R->getVariable();
  for (DbgValueInst *I : Intrinsics)
    if (I->getExpression()->getNumElements() == 0)
      return I->getVariable();
  return nullptr;
}

static DIType *strip(DIType *T) {
  while (auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag != dwarf::DW_TAG_typedef && Tag != dwarf::DW_TAG_const_type &&
        Tag != dwarf::DW_TAG_volatile_type && Tag != dwarf::DW_TAG_restrict_type &&
        Tag != dwarf::DW_TAG_member)
      break;
    T = D->getBaseType();
  }
  return T;
}

static DIType *pointee(DIType *T) {
  auto *P = dyn_cast_or_null<DIDerivedType>(strip(T));
  if (!P || (P->getTag() != dwarf::DW_TAG_pointer_type && P->getTag() != dwarf::DW_TAG_reference_type &&
             P->getTag() != dwarf::DW_TAG_rvalue_reference_type))
    return nullptr;
  return P->getBaseType();
}

// The path of the member of T that holds `Size` bytes at byte `Off`
// ("b0", "s.x", "c[2]"), and its type; false if T says nothing there.
static bool memberAt(DIType *T, uint64_t Off, uint64_t Size, std::string &Path, DIType **Type, int Depth) {
  T = strip(T);
  if (!T || Depth > 8)
    return false;
  if (Off == 0 && T->getSizeInBits() == Size * 8 && !isa<DICompositeType>(T)) {
    *Type = T;
    return true;
  }
  auto *C = dyn_cast<DICompositeType>(T);
  if (!C)
    return false;
  if (C->getTag() == dwarf::DW_TAG_array_type) {
    DIType *E = strip(C->getBaseType());
    uint64_t ES = E ? E->getSizeInBits() / 8 : 0;
    if (!ES)
      return false;
    Path += "[" + std::to_string(Off / ES) + "]";
    return memberAt(E, Off % ES, Size, Path, Type, Depth + 1);
  }
  if (C->getTag() != dwarf::DW_TAG_structure_type && C->getTag() != dwarf::DW_TAG_class_type &&
      C->getTag() != dwarf::DW_TAG_union_type)
    return false;
  for (DINode *N : C->getElements()) {
    auto *M = dyn_cast<DIDerivedType>(N);
    if (!M || M->getTag() != dwarf::DW_TAG_member || M->isStaticMember())
      continue;
    uint64_t MOff = M->getOffsetInBits() / 8, MSize = M->getSizeInBits() / 8;
    if (Off < MOff || Off >= MOff + (MSize ? MSize : 1))
      continue;
    std::string Sub = M->getName().str();
    DIType *MT = strip(M->getBaseType());
    if (isa_and_nonnull<DICompositeType>(MT) && cast<DICompositeType>(MT)->getTag() != dwarf::DW_TAG_array_type)
      Sub += ".";
    std::string Saved = Path;
    Path += Sub;
    if (memberAt(M->getBaseType(), Off - MOff, Size, Path, Type, Depth + 1)) {
      if (!Path.empty() && Path.back() == '.')
        Path.pop_back();
      return true;
    }
    Path = Saved;
  }
  return false;
}

// The debug type of a pointer-valued V: its variable's, or the member's it
// was loaded from (s->f->b0 goes through the type of s->f).
static DIType *typeOf(Value *V, int Depth) {
  if (Depth > 4)
    return nullptr;
  if (DILocalVariable *Var = variableOf(V))
    return Var->getType();
  auto *L = dyn_cast<LoadInst>(V);
  if (!L)
    return nullptr;
  const DataLayout &DL = L->getDataLayout();
  APInt Off(DL.getIndexTypeSizeInBits(L->getPointerOperandType()), 0);
  Value *Base = L->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Off, true);
  DIType *Pointee = pointee(typeOf(Base, Depth + 1));
  std::string Path;
  DIType *Member = nullptr;
  if (!Pointee || Off.isNegative() ||
      !memberAt(Pointee, Off.getZExtValue(), DL.getTypeStoreSize(L->getType()), Path, &Member, 0))
    return nullptr;
  return Member;
}

static size_t copyOut(StringRef S, char *Buf, size_t Len) {
  if (S.empty() || Len == 0)
    return 0;
  size_t N = std::min(S.size(), Len - 1);
  memcpy(Buf, S.data(), N);
  Buf[N] = '\0';
  return N;
}

extern "C" {

size_t plr_di_name(LLVMValueRef v, char *buf, size_t len) {
  DILocalVariable *Var = variableOf(unwrap(v));
  return Var ? copyOut(Var->getName(), buf, len) : 0;
}

size_t plr_di_member(LLVMValueRef base, int64_t off, unsigned size, char *buf, size_t len) {
  if (off < 0)
    return 0;
  DIType *Pointee = pointee(typeOf(unwrap(base), 0));
  std::string Path;
  DIType *Member = nullptr;
  if (!Pointee || !memberAt(Pointee, (uint64_t)off, size, Path, &Member, 0) || Path.empty())
    return 0;
  return copyOut(Path, buf, len);
}

} // extern "C"

extern "C" LLVMValueRef plr_addr_split(LLVMModuleRef mod, LLVMValueRef ptr, int64_t *off, LLVMValueRef *index,
                                       int64_t *scale) {
  Value *P = unwrap(ptr);
  const DataLayout &DL = unwrap(mod)->getDataLayout();
  *index = nullptr;
  *scale = 0;
  APInt Acc(64, 0);
  P = P->stripAndAccumulateConstantOffsets(DL, Acc, true);
  // One variable index (y[i], coef[j]) over a base with constant offsets;
  // also into an array object (gep [N x T], @X, 0, i: X[i]).
  if (auto *G = dyn_cast<GEPOperator>(P)) {
    if (G->getNumIndices() == 1 && !isa<Constant>(G->getOperand(1))) {
      *index = wrap(G->getOperand(1));
      *scale = (int64_t)DL.getTypeAllocSize(G->getSourceElementType());
      P = G->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Acc, true);
    } else if (G->getNumIndices() == 2 && isa<ConstantInt>(G->getOperand(1)) &&
               cast<ConstantInt>(G->getOperand(1))->isZero() && !isa<Constant>(G->getOperand(2)) &&
               G->getSourceElementType()->isArrayTy()) {
      *index = wrap(G->getOperand(2));
      *scale = (int64_t)DL.getTypeAllocSize(G->getSourceElementType()->getArrayElementType());
      P = G->getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Acc, true);
    }
  }
  *off = Acc.getSExtValue();
  return wrap(P);
}
