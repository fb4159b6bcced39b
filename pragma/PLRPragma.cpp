// PLRPragma.cpp - the clang frontend plugin behind `#pragma plr recurrence`.
//
// The pragma marks the loop that follows it. The pass (libPLRPass.so) sees
// only IR, so the mark has to survive code generation and the first passes:
// we make it part of the loop itself, as the first statement of its body,
//
//     for (...) body   ->   for (...) { __builtin_annotation(0, "plr.recurrence:FILE:LINE"); body }
//
// Putting it inside the body (instead of in front of the loop) keeps a loop
// that is the unbraced branch of an `if` where it was. The annotation returns
// its argument and is dropped by code generation, so without libPLRPass the
// program computes exactly what it did without the pragma; with it, the pass
// turns the annotation into loop metadata at the start of the pipeline.
//
// The pragma handler is installed by the AST action, not through
// PragmaHandlerRegistry: under -E no AST action runs, so the pragma stays
// unknown and is copied into the preprocessed output for the next step.
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <string>
#include <vector>

using namespace clang;

namespace {

// One `#pragma plr recurrence` seen by the preprocessor.
struct Mark {
  SourceLocation At;   // the pragma (diagnostics, and the FILE:LINE it names)
  SourceLocation Next; // first token after the pragma line and any directives after it
  bool Done = false;   // attached to a loop, or already diagnosed
};

struct Marks {
  std::vector<Mark> List;
};

// Where the statement after the pragma must begin. Found by lexing the raw
// file: the pragma handler runs inside the directive, where the preprocessor
// cannot look ahead without consuming the tokens the parser needs.
SourceLocation tokenAfterPragmaLine(const SourceManager &SM, const LangOptions &LO, SourceLocation Word) {
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Word);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(D.first, &Invalid);
  if (Invalid)
    return SourceLocation();
  Lexer Raw(SM.getLocForStartOfFile(D.first), LO, Buf.begin(), Buf.begin() + D.second, Buf.end());
  Token T;
  Raw.LexFromRawLexer(T); // `recurrence` itself: the raw lexer calls it the start of a line
  auto skipLine = [&] {
    do
      Raw.LexFromRawLexer(T);
    while (T.isNot(tok::eof) && !T.isAtStartOfLine());
  };
  skipLine();
  // Other directives may sit between the pragma and its loop
  // (`#pragma clang loop ...`, `#pragma GCC ivdep`).
  while (T.is(tok::hash) && T.isAtStartOfLine())
    skipLine();
  return T.is(tok::eof) ? SourceLocation() : T.getLocation();
}

class RecurrencePragma : public PragmaHandler {
  std::shared_ptr<Marks> M;

public:
  explicit RecurrencePragma(std::shared_ptr<Marks> M) : PragmaHandler("recurrence"), M(std::move(M)) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Intro, Token &Word) override {
    SourceManager &SM = PP.getSourceManager();
    DiagnosticsEngine &DE = PP.getDiagnostics();
    Token T;
    PP.Lex(T);
    if (T.isNot(tok::eod))
      DE.Report(T.getLocation(), DE.getCustomDiagID(DiagnosticsEngine::Warning,
                                                    "extra tokens at end of '#pragma plr recurrence' ignored"));
    // From _Pragma inside a macro there is no line after which the loop
    // must follow; ask for the directive form rather than guess.
    if (Intro.Kind != PIK_HashPragma || Word.getLocation().isMacroID()) {
      DE.Report(Intro.Loc, DE.getCustomDiagID(DiagnosticsEngine::Error,
                                              "'plr recurrence' must be written as '#pragma plr recurrence' "
                                              "on the line before the loop"));
      return;
    }
    Mark K;
    K.At = Intro.Loc;
    K.Next = tokenAfterPragmaLine(SM, PP.getLangOpts(), Word.getLocation());
    M->List.push_back(K);
  }
};

class LoopFinder : public RecursiveASTVisitor<LoopFinder> {
public:
  const SourceManager &SM;
  llvm::DenseMap<SourceLocation, Stmt *> ByStart;

  explicit LoopFinder(const SourceManager &SM) : SM(SM) {}

  bool VisitStmt(Stmt *S) {
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S))
      ByStart.try_emplace(SM.getExpansionLoc(S->getBeginLoc()), S);
    return true;
  }
};

class MarkLoops : public ASTConsumer {
  CompilerInstance &CI;
  std::shared_ptr<Marks> M;
  llvm::DenseMap<Stmt *, bool> Marked;

  void diagNoLoop(Mark &K) {
    DiagnosticsEngine &DE = CI.getDiagnostics();
    DE.Report(K.At, DE.getCustomDiagID(DiagnosticsEngine::Error,
                                       "'#pragma plr recurrence' must be followed by a for, while or do loop"));
    K.Done = true;
  }

  // __builtin_annotation(0, "plr.recurrence:FILE:LINE"), built through Sema
  // so that the builtin's own checks and conversions apply.
  Expr *annotation(SourceLocation At) {
    Sema &S = CI.getSema();
    ASTContext &Ctx = CI.getASTContext();
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(At);
    std::string Text = "plr.recurrence:";
    if (P.isValid())
      Text += std::string(P.getFilename()) + ":" + std::to_string(P.getLine());

    LookupResult R(S, &Ctx.Idents.get("__builtin_annotation"), At, Sema::LookupOrdinaryName);
    if (!S.LookupName(R, S.TUScope, /*AllowBuiltinCreation=*/true))
      return nullptr;
    ExprResult Fn = S.BuildDeclarationNameExpr(CXXScopeSpec(), R, /*NeedsADL=*/false);
    if (Fn.isInvalid())
      return nullptr;
    Expr *Zero = IntegerLiteral::Create(Ctx, llvm::APInt(Ctx.getIntWidth(Ctx.IntTy), 0), Ctx.IntTy, At);
    QualType StrTy = Ctx.getStringLiteralArrayType(Ctx.CharTy, Text.size());
    Expr *Str = StringLiteral::Create(Ctx, Text, StringLiteralKind::Ordinary, false, StrTy, At);
    Expr *Args[] = {Zero, Str};
    ExprResult Call = S.BuildCallExpr(nullptr, Fn.get(), At, Args, At);
    return Call.isInvalid() ? nullptr : Call.get();
  }

  static Stmt *body(Stmt *L) {
    if (auto *F = dyn_cast<ForStmt>(L))
      return F->getBody();
    if (auto *W = dyn_cast<WhileStmt>(L))
      return W->getBody();
    return cast<DoStmt>(L)->getBody();
  }

  static void setBody(Stmt *L, Stmt *B) {
    if (auto *F = dyn_cast<ForStmt>(L))
      F->setBody(B);
    else if (auto *W = dyn_cast<WhileStmt>(L))
      W->setBody(B);
    else
      cast<DoStmt>(L)->setBody(B);
  }

  void markLoop(Stmt *L, Mark &K) {
    K.Done = true;
    if (Marked.count(L)) // two pragmas on one loop: one mark is enough
      return;
    Expr *A = annotation(K.At);
    if (!A) {
      DiagnosticsEngine &DE = CI.getDiagnostics();
      DE.Report(K.At, DE.getCustomDiagID(DiagnosticsEngine::Error,
                                         "'#pragma plr recurrence': could not build the loop marker"));
      return;
    }
    Stmt *B = body(L);
    Stmt *Parts[] = {A, B};
    setBody(L, CompoundStmt::Create(CI.getASTContext(), Parts, FPOptionsOverride(), B->getBeginLoc(),
                                    B->getEndLoc()));
    Marked[L] = true;
  }

  void handleFunction(FunctionDecl *FD) {
    const SourceManager &SM = CI.getSourceManager();
    SourceLocation Begin = SM.getExpansionLoc(FD->getBeginLoc());
    SourceLocation End = SM.getExpansionLoc(FD->getEndLoc());
    bool Any = false;
    for (Mark &K : M->List)
      Any |= !K.Done;
    if (!Any)
      return;
    LoopFinder LF(SM);
    LF.TraverseDecl(FD);
    for (Mark &K : M->List) {
      if (K.Done)
        continue;
      auto It = K.Next.isValid() ? LF.ByStart.find(K.Next) : LF.ByStart.end();
      if (It != LF.ByStart.end())
        markLoop(It->second, K);
      else if (!SM.isBeforeInTranslationUnit(K.At, Begin) && !SM.isBeforeInTranslationUnit(End, K.At))
        diagNoLoop(K); // inside this function, but no loop right after it
    }
  }

public:
  MarkLoops(CompilerInstance &CI, std::shared_ptr<Marks> M) : CI(CI), M(std::move(M)) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    for (Decl *D : DG)
      if (auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->doesThisDeclarationHaveABody())
          handleFunction(FD);
    return true;
  }

  // Pragmas outside every function body (or before its end of file).
  void HandleTranslationUnit(ASTContext &) override {
    for (Mark &K : M->List)
      if (!K.Done)
        diagNoLoop(K);
  }
};

class PLRPragmaAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    auto M = std::make_shared<Marks>();
    CI.getPreprocessor().AddPragmaHandler("plr", new RecurrencePragma(M));
    return std::make_unique<MarkLoops>(CI, M);
  }

  bool ParseArgs(const CompilerInstance &, const std::vector<std::string> &) override { return true; }

  // Before the main action, so each function is marked before CodeGen
  // emits it.
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<PLRPragmaAction> X("plr-pragma", "#pragma plr recurrence");
