/// Text for LaTeX source (the tables `compare` and `thesis` write): the characters TeX treats
/// specially escaped, so a name like `blur_obj_mean_px` or `50%` typesets as written.
public enum LaTeXText {
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\textbackslash{}"
            case "&", "%", "$", "#", "_", "{", "}": result += "\\\(character)"
            case "~": result += "\\textasciitilde{}"
            case "^": result += "\\textasciicircum{}"
            default: result.append(character)
            }
        }
        return result
    }

    /// A booktabs table in a `table` float: `caption` and `label` (LaTeX already), the tabular's
    /// `columns`, `header` over a rule, then `rows` (cells LaTeX already).
    package static func table(caption: String, label: String, columns: String, header: [String], rows: [[String]]) -> String {
        "\\begin{table}\n\\centering\n\\caption{\(caption)}\n\\label{\(label)}\n\\begin{tabular}{\(columns)}\n\\toprule\n"
            + header.joined(separator: " & ") + " \\\\\n\\midrule\n" + rows.map { $0.joined(separator: " & ") + " \\\\\n" }.joined()
            + "\\bottomrule\n\\end{tabular}\n\\end{table}\n"
    }
}
