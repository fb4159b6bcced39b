/*
 * plan.c - the memory of a plan: the arena its coefficient trees and linear
 * forms live in, and what plr_plan_free releases.
 */
#include <stdlib.h>
#include <string.h>

#include "plr_pass.h"

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    _Alignas(16) unsigned char mem[];
} chunk;

void *plr_alloc(plr_plan *p, size_t size) {
    size = (size + 15) & ~(size_t)15;
    chunk *c = p->arena;
    if (!c || c->used + size > c->cap) {
        size_t cap = size > 65536 ? size : 65536;
        chunk *n = malloc(sizeof(chunk) + cap);
        if (!n)
            abort(); /* LLVM itself aborts on allocation failure too */
        n->next = c;
        n->used = 0;
        n->cap = cap;
        p->arena = c = n;
    }
    void *r = c->mem + c->used;
    c->used += size;
    memset(r, 0, size);
    return r;
}

void plr_plan_free(plr_plan *p) {
    for (chunk *c = p->arena; c;) {
        chunk *n = c->next;
        free(c);
        c = n;
    }
    free(p->walk.leaves);
    free(p->walk.memo_v);
    free(p->walk.memo_l);
    free(p->liveouts);
    free(p->access.stream_ref);
    free(p->access.stream_max);
    free(p->access.stream_step);
    free(p->access.stream_first);
    free(p->maps.chain);
    free(p->nest);
    plr_wrap_free(p->wrap);
    free(p->siblings);
    free(p->foreign);
    plr_channels_free(p);
    memset(p, 0, sizeof *p);
}
