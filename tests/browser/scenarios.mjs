// Records of the engine's scenario tests that browser tests show on screen, kept once.

// New World, seed 000's example (tests/newworld/surveyors_test.cpp, kBlueCompletesThree): two early
// scorings bring both surveyors to column 1; BLUE's next tile (15 at -2,3) would complete RED's town,
// BLUE's own small town and BLUE's farm. The record stops before that tile.
export const newWorldBeforeBluesTile = `carcassonne 1
mode newworld
players 3
seed 1
deck 18 16 02 18 18 36 18 17 15 11 11 11 11 16 16
place 18 -1,9 r1
follower 0
place 16 -1,0 r1
follower 0
place 02 -1,3 r0
follower 0
place 18 -1,2 r3
follower 0
place 18 -1,4 r1
follower 0
place 36 -2,2 r2
pass
place 18 -2,4 r0
pass
place 17 -1,5 r3
pass
`;

// Base game: a city tile (M) with a knight on it, the first move of the feature card's and the touch
// tests' games.
export const cityRecord = `carcassonne 1
mode base
players 2
seed 1
deck M E E E
place M 0,-1 r2
follower 0
`;
