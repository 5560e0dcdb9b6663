// log and tanh from + - * / and exact scaling only. IEEE 754 rounds those the same everywhere, while
// std::log / std::tanh may differ in the last bit between standard libraries (glibc natively, musl in
// wasm): with these the AI breaks near-ties alike in every build, so native and browser agree.
#pragma once

#include <cmath>

namespace carc::ai::portable {

constexpr double kLn2 = 0.6931471805599453;

// Natural logarithm of x > 0: x = m * 2^e with m in [0.7, 1.4), ln m = 2 atanh((m - 1) / (m + 1)).
inline double log(double x) {
    int exponent = 0;
    double m = std::frexp(x, &exponent);  // exact: only takes the binary exponent apart; m in [0.5, 1)
    if (m < 0.7071067811865476) {         // exact too: doubling changes only the exponent
        m *= 2.0;
        --exponent;
    }
    const double s = (m - 1.0) / (m + 1.0), s2 = s * s;
    double term = s, sum = 0.0;
    for (int k = 1; k <= 29; k += 2) {  // |s| <= 0.18: 15 terms are far below double precision
        sum += term / k;
        term *= s2;
    }
    return exponent * kLn2 + 2.0 * sum;
}

// e^x for |x| <= 40: x = k ln2 + r with |r| <= ln2 / 2, e^r by its Taylor series, then exact scaling.
inline double exp(double x) {
    if (x > 40.0) x = 40.0;
    if (x < -40.0) x = -40.0;
    const int k = static_cast<int>(x / kLn2 + (x < 0 ? -0.5 : 0.5));
    const double r = x - k * kLn2;
    double term = 1.0, sum = 1.0;
    for (int n = 1; n <= 20; ++n) {
        term *= r / n;
        sum += term;
    }
    return std::ldexp(sum, k);
}

inline double tanh(double x) {
    const double e2 = exp(2.0 * x);
    return (e2 - 1.0) / (e2 + 1.0);
}

}  // namespace carc::ai::portable
