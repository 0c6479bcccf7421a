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
}
