// Finds the catalogue keys the code uses: every tr("key", {{"name", value}}) call in web/ (C++) and
// every t('key', {name: value}) call in shell/ (JavaScript), with the parameter names each passes.
// A key made at run time ("category." + id) is reported by its literal prefix. A small scanner, not a
// parser: it knows comments, string, template and regular-expression literals and bracket nesting,
// which is all the calls need.
#pragma once

#include <regex>
#include <set>
#include <string>
#include <vector>

namespace carc::test {

struct KeyUse {
    std::string where;             // "web/side_panel.cpp:42"
    std::string key;               // the key, or a run-time key's prefix ("category.")
    bool dynamic = false;          // key + something made at run time
    bool opaque = false;           // no literal key at all (a wrapper passing its argument on)
    bool paramsKnown = true;       // false when the parameters are not a literal list
    std::set<std::string> params;  // the parameter names passed
};

enum class Language { Cpp, JavaScript };

namespace scan {

inline bool isWord(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// Index just past the literal that starts at `i` (a quote or backtick).
inline size_t skipQuoted(const std::string& s, size_t i) {
    const char quote = s[i];
    for (++i; i < s.size() && s[i] != quote; ++i)
        if (s[i] == '\\') ++i;
    return i + 1;
}

// The text with comments blanked (newlines kept, so line numbers stay), literals untouched.
inline std::string withoutComments(const std::string& s, Language language) {
    std::string out = s;
    char previous = '(';  // last significant character: tells a division from a regex literal
    for (size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (c == '"' || c == '\'' || c == '`') {
            i = skipQuoted(s, i);
            previous = 'a';
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            for (; i < s.size() && s[i] != '\n'; ++i) out[i] = ' ';
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            const size_t end = s.find("*/", i + 2);
            for (const size_t stop = end == std::string::npos ? s.size() : end + 2; i < stop; ++i)
                if (out[i] != '\n') out[i] = ' ';
        } else if (c == '/' && language == Language::JavaScript &&
                   std::string("(,=:[!&|?{};").find(previous) != std::string::npos) {
            bool inClass = false;  // a regular expression: skip to its closing slash
            for (++i; i < s.size() && (s[i] != '/' || inClass); ++i) {
                if (s[i] == '\\')
                    ++i;
                else if (s[i] == '[')
                    inClass = true;
                else if (s[i] == ']')
                    inClass = false;
            }
            ++i;
            previous = 'a';
        } else {
            if (!std::isspace(static_cast<unsigned char>(c))) previous = c;
            ++i;
        }
    }
    return out;
}

// The arguments of the call whose '(' is at `open`, split at top-level commas; `end` gets the index
// of the closing ')'.
inline std::vector<std::string> arguments(const std::string& s, size_t open, size_t& end) {
    std::vector<std::string> args(1);
    int depth = 0;
    for (size_t i = open + 1; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '"' || c == '\'' || c == '`') {
            const size_t next = skipQuoted(s, i);
            args.back() += s.substr(i, next - i);
            i = next - 1;
            continue;
        }
        if (depth == 0 && c == ')') {
            end = i;
            if (args.size() == 1 && args[0].find_first_not_of(" \t\n") == std::string::npos) args.clear();
            return args;
        }
        if (depth == 0 && c == ',') {
            args.emplace_back();
            continue;
        }
        if (c == '(' || c == '{' || c == '[') ++depth;
        if (c == ')' || c == '}' || c == ']') --depth;
        args.back() += c;
    }
    end = s.size();
    return args;
}

inline std::string trim(const std::string& s) {
    const size_t first = s.find_first_not_of(" \t\n");
    return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(" \t\n") - first + 1);
}

// The key argument: a literal ("a.b"), a literal + more (dynamic), else opaque.
inline void readKey(std::string arg, KeyUse& use) {
    static const std::regex wrapped(R"re(^std::string\(\s*("[^"]*")\s*\)([\s\S]*)$)re");
    std::smatch m;
    if (std::regex_match(arg, m, wrapped)) arg = m[1].str() + m[2].str();
    static const std::regex literal(R"re(^(["'`])([^"'`\\]*)\1\s*(\+[\s\S]*)?$)re");
    if (std::regex_match(arg, m, literal)) {
        use.key = m[2];
        use.dynamic = m[3].matched;
    } else {
        use.opaque = true;
        use.key = arg;
    }
}

// The parameter names of a C++ {{"name", value}, ...} list or a JavaScript {name: value, short} object.
inline void readParams(const std::string& arg, Language language, KeyUse& use) {
    if (arg.size() < 2 || arg.front() != '{' || arg.back() != '}') {
        use.paramsKnown = false;
        return;
    }
    size_t end = 0;
    std::string inner = "(" + arg.substr(1, arg.size() - 2) + ")";
    for (std::string item : arguments(inner, 0, end)) {
        item = trim(item);
        std::smatch m;
        static const std::regex cppItem(R"re(^\{\s*"([A-Za-z_]\w*)"\s*,[\s\S]*\}$)re");
        static const std::regex jsItem(R"re(^([A-Za-z_$][\w$]*)\s*(:[\s\S]*)?$)re");
        if (std::regex_match(item, m, language == Language::Cpp ? cppItem : jsItem))
            use.params.insert(m[1]);
        else
            use.paramsKnown = false;  // a spread, a computed name: nothing the test can check
    }
}

}  // namespace scan

// Every call of the translation function in one file's text (`file` names it in messages).
inline std::vector<KeyUse> keyUses(const std::string& file, const std::string& source, Language language) {
    const std::string s = scan::withoutComments(source, language);
    const std::regex call(language == Language::Cpp ? R"re((^|[^\w.:>])tr\()re" : R"re((^|[^\w$])t\()re");
    std::vector<KeyUse> uses;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), call); it != std::sregex_iterator(); ++it) {
        const size_t open = static_cast<size_t>(it->position() + it->length() - 1);
        size_t end = 0;
        const auto args = scan::arguments(s, open, end);
        KeyUse use;
        use.where = file + ":" + std::to_string(1 + std::count(s.begin(), s.begin() + static_cast<long>(open), '\n'));
        if (args.empty()) continue;
        scan::readKey(scan::trim(args[0]), use);
        if (args.size() > 1) scan::readParams(scan::trim(args[1]), language, use);
        if (args.size() > 2) use.paramsKnown = false;
        uses.push_back(use);
    }
    return uses;
}

// String literals that name a whole group of keys ("problem."): the code reads every key under it.
inline std::set<std::string> groupLiterals(const std::string& source, Language language) {
    const std::string s = scan::withoutComments(source, language);
    const std::regex group(R"re(["']([a-z_]+(\.[a-z_]+)*\.)["'])re");
    std::set<std::string> groups;
    for (auto it = std::sregex_iterator(s.begin(), s.end(), group); it != std::sregex_iterator(); ++it)
        groups.insert((*it)[1]);
    return groups;
}

}  // namespace carc::test
