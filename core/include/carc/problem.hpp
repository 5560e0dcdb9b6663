// Why something was refused, as data: a code and named parameters, never a sentence. Front ends word
// it in the player's language (vocabulary/ has the English; docs/events.md lists every code).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "carc/geometry.hpp"

namespace carc {

// Every problem: X(Name, "key", "the parameters it carries"). Keys are stable (saved in JSON, used as
// catalogue keys "error.KEY"); a record's problem may also carry the line or action it stopped at.
#define CARC_PROBLEMS(X)                                                       \
    /* Game: any mode */                                                       \
    X(GameOver, "game_over", "")                                               \
    X(TileNotPlaced, "tile_not_placed", "")                                    \
    X(TileAlreadyPlaced, "tile_already_placed", "")                            \
    X(UnknownDesign, "unknown_design", "")                                     \
    X(WrongTile, "wrong_tile", "drawn tile")                                   \
    X(RotationOutOfRange, "rotation_out_of_range", "")                         \
    X(CellTaken, "cell_taken", "pos")                                          \
    X(CellUnconnected, "cell_unconnected", "pos")                              \
    X(CellForbidden, "cell_forbidden", "pos")                                  \
    X(EdgeMismatch, "tile_edge_mismatch", "edge")                              \
    X(RotationRepeats, "rotation_repeats", "rotation")                         \
    X(TileNotRevealed, "tile_not_revealed", "")                                \
    X(NotNow, "not_now", "")                                                   \
    X(NotInMode, "not_in_mode", "")                                            \
    /* Followers (settlers, cowboys) */                                        \
    X(PieceAlreadyPlaced, "piece_already_placed", "piece")                     \
    X(SupplyEmpty, "supply_empty", "piece")                                    \
    X(SegmentNotOnTile, "segment_not_on_tile", "segment")                      \
    X(FeatureOccupied, "feature_occupied", "kind segment piece")               \
    X(SegmentMissing, "segment_missing", "segment pos")                        \
    X(NotYourPiece, "not_your_piece", "piece segment pos")                     \
    /* The Tunnel */                                                           \
    X(NoTunnels, "no_tunnels", "")                                             \
    X(NotAPortal, "not_a_portal", "segment pos")                               \
    X(PortalTaken, "portal_taken", "")                                         \
    X(TunnelTokenAlreadyPlaced, "tunnel_token_already_placed", "")             \
    X(TunnelPairNotYours, "tunnel_pair_not_yours", "player")                   \
    X(TunnelNotAllowed, "tunnel_not_allowed", "")                              \
    X(TunnelSecondTokenDue, "tunnel_second_token_due", "")                     \
    X(TunnelSecondTokenFirst, "tunnel_second_token_first", "")                 \
    X(TunnelPairAfterTile, "tunnel_pair_after_tile", "")                       \
    /* The Discovery */                                                        \
    X(OneFollowerMovePerTurn, "one_follower_move_per_turn", "")                \
    /* New World */                                                            \
    X(ScoringOrderDue, "scoring_order_due", "")                                \
    X(NotWaitingToScore, "not_waiting_to_score", "segment pos")                \
    X(ScoringOrderNotAsked, "scoring_order_not_asked", "")                     \
    /* Gold Rush */                                                            \
    X(NoFarmers, "no_farmers", "")                                             \
    X(TentNeedsMountain, "tent_needs_mountain", "kind")                        \
    X(MountainComplete, "mountain_complete", "")                               \
    X(MountainSegmentOccupied, "mountain_segment_occupied", "")                \
    X(TentNotPitched, "tent_not_pitched", "")                                  \
    X(MountainEmpty, "mountain_empty", "")                                     \
    X(CowboyRemovalOff, "cowboy_removal_off", "")                              \
    /* Dealt games: reveals */                                                 \
    X(RevealNotDealt, "reveal_not_dealt", "")                                  \
    X(NoTokenSecrets, "no_token_secrets", "")                                  \
    X(PilePositionOutOfRange, "pile_position_out_of_range", "max index")       \
    X(NotInPile, "not_in_pile", "")                                            \
    X(TileRevealedOtherwise, "tile_revealed_otherwise", "index known tile")    \
    X(TileDrawnUnrevealed, "tile_drawn_unrevealed", "index")                   \
    X(TileCopiesExhausted, "tile_copies_exhausted", "count tile")              \
    X(TokenIndexOutOfRange, "token_index_out_of_range", "max index")           \
    X(NoTokenOfValue, "no_token_of_value", "value")                            \
    X(TokenRevealedOtherwise, "token_revealed_otherwise", "index known value") \
    X(TokenCopiesExhausted, "token_copies_exhausted", "count value")           \
    X(NoSuchSeat, "no_such_seat", "seat")                                      \
    X(AlreadyDealt, "already_dealt", "")                                       \
    /* Setup */                                                                \
    X(UnknownMode, "unknown_mode", "mode modes")                               \
    X(PlayersOutOfRange, "players_out_of_range", "mode min max players")       \
    X(UnknownOption, "unknown_option", "option mode")                          \
    X(OptionValue, "option_value", "option values value")                      \
    X(OptionRepeated, "option_repeated", "option")                             \
    X(NamesCount, "names_count", "count players")                              \
    X(BadPlayerName, "bad_player_name", "")                                    \
    X(DeckUnknownTile, "deck_unknown_tile", "tile")                            \
    X(DeckTooMany, "deck_exceeds_set", "tile")                                 \
    X(ModeUnavailable, "mode_unavailable", "mode")                             \
    X(TilesetUnreadable, "tileset_unreadable", "tileset detail")               \
    X(DealtNeedsVersion2, "dealt_needs_version_2", "")                         \
    X(DealtHasDeck, "dealt_has_deck", "")                                      \
    X(DealtPileSize, "dealt_pile_size", "max count")                           \
    X(RevealsNeedDealt, "reveals_need_dealt", "")                              \
    /* Record text */                                                          \
    X(RecordTooLarge, "record_too_large", "")                                  \
    X(NotARecord, "not_a_record", "")                                          \
    X(BadRecordVersion, "bad_record_version", "")                              \
    X(RecordTooNew, "record_too_new", "version supported")                     \
    X(ExpectedModeLine, "expected_mode_line", "")                              \
    X(ExpectedPlayersLine, "expected_players_line", "")                        \
    X(ExpectedSeedLine, "expected_seed_line", "")                              \
    X(ExpectedSeedOrDealtLine, "expected_seed_or_dealt_line", "")              \
    X(ExpectedRevealLine, "expected_reveal_line", "")                          \
    X(BadPilePosition, "bad_pile_position", "text")                            \
    X(BadTokenValue, "bad_token_value", "text")                                \
    X(ExpectedOptionLine, "expected_option_line", "")                          \
    X(NamesRepeated, "names_repeated", "")                                     \
    X(ExpectedDeckLine, "expected_deck_line", "")                              \
    X(EmptyRecord, "empty_record", "")                                         \
    X(SetupIncomplete, "setup_incomplete", "")                                 \
    X(SetupIncompleteDealt, "setup_incomplete_dealt", "")                      \
    X(EmptyAction, "empty_action", "")                                         \
    X(UnknownAction, "unknown_action", "text")                                 \
    X(ActionForm, "action_form", "form")                                       \
    X(UnknownTile, "unknown_tile", "tile")                                     \
    X(BadPosition, "bad_position", "text")                                     \
    X(BadRotation, "bad_rotation", "text")                                     \
    X(BadSegment, "bad_segment", "text")                                       \
    X(BadTunnelPair, "bad_tunnel_pair", "text")                                \
    /* Link form */                                                            \
    X(LinkNotBase64, "link_not_base64", "")                                    \
    X(LinkTooNew, "link_too_new", "")                                          \
    X(LinkVersionUnknown, "link_version_unknown", "")                          \
    X(LinkTruncated, "link_truncated", "")                                     \
    X(LinkNumberTooLong, "link_number_too_long", "")                           \
    X(LinkCoordinateOutOfRange, "link_coordinate_out_of_range", "")            \
    X(LinkBadTextLength, "link_bad_text_length", "")                           \
    X(LinkUnknownMode, "link_unknown_mode", "")                                \
    X(LinkBadOption, "link_bad_option", "")                                    \
    X(LinkTooManyOptions, "link_too_many_options", "")                         \
    X(LinkTooManyNames, "link_too_many_names", "")                             \
    X(LinkBadPlayerName, "link_bad_player_name", "")                           \
    X(LinkDeckTooLong, "link_deck_too_long", "")                               \
    X(LinkUnknownDeckTile, "link_unknown_deck_tile", "")                       \
    X(LinkBadPlacement, "link_bad_placement", "")                              \
    X(LinkUnknownTile, "link_unknown_tile", "")                                \
    X(LinkBadSegment, "link_bad_segment", "")                                  \
    X(LinkBadAction, "link_bad_action", "")                                    \
    X(LinkBadTunnelPair, "link_bad_tunnel_pair", "")                           \
    X(LinkBadPileSize, "link_bad_pile_size", "")                               \
    X(LinkBadReveal, "link_bad_reveal", "")                                    \
    X(LinkTooManyReveals, "link_too_many_reveals", "")

enum class ProblemCode : std::uint8_t {
    None,  // no problem
#define CARC_PROBLEM_ENUM(name, key, params) name,
    CARC_PROBLEMS(CARC_PROBLEM_ENUM)
#undef CARC_PROBLEM_ENUM
};

// The parameter names problems use. Values: `pos` a position; `drawn`, `modes`, `values` lists of
// text; `edge` one of north/east/south/west; `piece` one of follower/settler/cowboy; `kind` a tile
// set's kind name (road, city, meadow, ...); `line`, `action`, `segment`, `rotation`, `player` (a
// 0-based seat), `min`, `max`, `players`, `count`, `version`, `supported`, `index` (a secret's position),
// `seat` numbers; `known` and `value` a number (a token's value) or text (a tile's name, an option's
// value); the rest text.
// clang-format off
#define CARC_PROBLEM_PARAMS(X) \
    X(Pos, "pos")              \
    X(Segment, "segment")      \
    X(Edge, "edge")            \
    X(Rotation, "rotation")    \
    X(Player, "player")        \
    X(Tile, "tile")            \
    X(Drawn, "drawn")          \
    X(Kind, "kind")            \
    X(Piece, "piece")          \
    X(Mode, "mode")            \
    X(Modes, "modes")          \
    X(Players, "players")      \
    X(Min, "min")              \
    X(Max, "max")              \
    X(Option, "option")        \
    X(Value, "value")          \
    X(Values, "values")        \
    X(Count, "count")          \
    X(Version, "version")      \
    X(Supported, "supported")  \
    X(Text, "text")            \
    X(Form, "form")            \
    X(Tileset, "tileset")      \
    X(Detail, "detail")        \
    X(Index, "index")          \
    X(Known, "known")          \
    X(Seat, "seat")
// clang-format on

enum class Param : std::uint8_t {
#define CARC_PARAM_ENUM(name, key) name,
    CARC_PROBLEM_PARAMS(CARC_PARAM_ENUM)
#undef CARC_PARAM_ENUM
};

struct ProblemInfo {
    ProblemCode code;
    std::string_view key;     // "tile_edge_mismatch"
    std::string_view params;  // "edge": the parameter names it carries, blank-separated
};

// Every problem code the engine can report, in declaration order (tests and docs walk it).
std::span<const ProblemInfo> problemCodes();
const ProblemInfo& problemInfo(ProblemCode code);
std::string_view paramKey(Param param);
std::span<const Param> allParams();

// The closed sets some parameters take their text from.
std::string_view edgeName(int edge);  // "north", "east", "south", "west"

using ParamValue = std::variant<int, Pos, std::string, std::vector<std::string>>;

struct Problem {
    Problem() = default;
    explicit Problem(ProblemCode c) : code(c) {}

    ProblemCode code = ProblemCode::None;
    int line = 0;    // the record line it stopped at (text records), 0 if none
    int action = 0;  // the action (1-based) it stopped at (records given as data, links), 0 if none
    int reveal = 0;  // the reveal (1-based) of a record given as data that was refused, 0 if none
    std::vector<std::pair<Param, ParamValue>> params;

    // True when there is a problem (as with std::error_code), so `if (auto p = game.apply(a))` reads well.
    explicit operator bool() const { return code != ProblemCode::None; }
    bool ok() const { return code == ProblemCode::None; }

    // Out of line (core/src/vocabulary.cpp): inlined, GCC's -O2 with sanitizers warns of the variant's
    // moved-from storage as maybe uninitialized.
    Problem& with(Param name, ParamValue value) &;
    Problem&& with(Param name, ParamValue value) &&;
    // The value of a parameter, or null.
    const ParamValue* find(Param name) const;
};

}  // namespace carc
