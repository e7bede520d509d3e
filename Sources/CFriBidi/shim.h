// The Unicode Bidirectional Algorithm (FriBidi). Its type constants and
// tests are macros over bit masks that Swift's importer does not expand,
// so the few we need are inline functions with a CFriBidi_ prefix.
#include <fribidi/fribidi.h>

/// Paragraph direction requests for fribidi_get_par_embedding_levels_ex.
static inline FriBidiParType CFriBidi_parLTR(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType CFriBidi_parRTL(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType CFriBidi_parAuto(void) { return FRIBIDI_PAR_ON; }

/// Characters whose level rule L1 resets at a line end: whitespace,
/// isolate controls, and those removed by rule X9 (embeddings, BN).
static inline int CFriBidi_resetsAtLineEnd(FriBidiCharType type) {
    return FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(type) || FRIBIDI_IS_ISOLATE(type);
}

/// Segment and paragraph separators (rule L1 resets them and the whitespace before them).
static inline int CFriBidi_isSeparator(FriBidiCharType type) {
    return type == FRIBIDI_TYPE_SS || type == FRIBIDI_TYPE_BS;
}

/// Strong right-to-left letters (R and AL), for a quick test of whether a paragraph needs the algorithm at all.
static inline int CFriBidi_isRightToLeftLetter(FriBidiCharType type) {
    return type == FRIBIDI_TYPE_RTL || type == FRIBIDI_TYPE_AL;
}

/// Explicit embedding controls and boundary neutrals, which rule X9 removes.
static inline int CFriBidi_isRemovedByX9(FriBidiCharType type) {
    return FRIBIDI_IS_EXPLICIT_OR_BN(type);
}

/// Isolate initiators, PDI and the explicit embedding and override
/// controls: each opens or closes a nesting the algorithm must match.
static inline int CFriBidi_isExplicitOrIsolate(FriBidiCharType type) {
    return FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type);
}

/// Controls that open a nesting (LRE, RLE, LRO, RLO, LRI, RLI, FSI); the others close one.
static inline int CFriBidi_opensNesting(FriBidiCharType type) {
    return type == FRIBIDI_TYPE_LRE || type == FRIBIDI_TYPE_RLE || type == FRIBIDI_TYPE_LRO
        || type == FRIBIDI_TYPE_RLO || type == FRIBIDI_TYPE_LRI || type == FRIBIDI_TYPE_RLI
        || type == FRIBIDI_TYPE_FSI;
}

/// Whitespace (WS), after which a long paragraph may be resolved in pieces.
static inline int CFriBidi_isWhitespace(FriBidiCharType type) { return type == FRIBIDI_TYPE_WS; }

/// Whether a bracket type is an opening bracket.
static inline int CFriBidi_isOpeningBracket(FriBidiBracketType type) { return FRIBIDI_IS_BRACKET_OPEN(type) != 0; }

/// Isolate initiators (LRI, RLI, FSI) and PDI.
static inline int CFriBidi_isIsolate(FriBidiCharType type) { return FRIBIDI_IS_ISOLATE(type) != 0; }

/// Strong left-to-right letters (L).
static inline int CFriBidi_isLeftToRightLetter(FriBidiCharType type) { return type == FRIBIDI_TYPE_LTR; }
