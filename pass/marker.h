// marker.h - `#pragma plr recurrence` on the pass side (marker.cpp).
//
// libPLRPragma.so leaves, as the first statement of a marked loop's body,
// a call llvm.annotation(0, "plr.recurrence:FILE:LINE"). At the start of
// the pipeline (every -O level) marker.cpp turns each such call into the
// loop metadata operand !{!"plr.recurrence", !"FILE:LINE"} that the pass
// reads as consent, and deletes the call. A marked loop is an assertion:
// when it is not replaced the user gets a warning (-Wpass-failed=plr) that
// names the pragma's FILE:LINE and the reason.
#ifndef PLR_MARKER_H
#define PLR_MARKER_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
class Loop;
class PassBuilder;
} // namespace llvm

// Registers the marker pass (pipeline start), loop rotation for functions
// with marked loops at -Oz (scalar optimizer late), the check for marked
// loops left unreplaced (vectorizer start, after the plr pass) and the opt
// pipeline names "plr-mark" (module) and "plr-check" (function).
void plrMarkerRegister(llvm::PassBuilder &PB);

// Called with the text of each missed remark: for a marked loop, the
// remark becomes a warning as well.
void plrMarkerMissed(llvm::Function &F, llvm::Loop &L, llvm::StringRef Msg);

#endif
