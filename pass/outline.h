// outline.h - the call paths of a function's replaced loops moved into
// functions of their own (outline.cpp), for the shim.
#ifndef PLR_OUTLINE_H
#define PLR_OUTLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/ValueHandle.h"

// The function attribute of a call path moved out of F: the pass leaves
// such a function alone (its loops are the call path's own).
#define PLR_CALL_PATH_ATTR "plr-call-path"

// Moves the blocks each of Calls dominates (the first block of a call
// path: plr_ctx_note_call_path) into an internal, never inlined function
// `<F>.plr.call`, called from where the path began. Returns whether F
// changed. A region CodeExtractor cannot take stays where it is.
bool plrOutlineCallPaths(llvm::Function &F, llvm::ArrayRef<llvm::WeakVH> Calls, llvm::AssumptionCache *AC);

#endif
