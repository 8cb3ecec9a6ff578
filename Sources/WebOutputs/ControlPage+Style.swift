extension ControlPage {
    /// The page's own rules. Its text is set in the table's styles through the custom properties
    /// `/css` defines (`body`, `title1`, `headline`, `footnote`), each with a plain fallback in `rem`
    /// for a table without that style, so the page grows with the reader as the pages it serves do.
    /// Words are never broken (`overflow-wrap: normal`): the page's own words are short enough
    /// for a phone at `ax5`, and the few that may not be (a family's name, a path, a value on the
    /// board) are `.fit`, which the script sets smaller until their longest word fits; a word with
    /// a hyphen or a slash, where a browser may break a line, is a `.word`, kept whole. The slider,
    /// the checkboxes and the radio buttons are sized in `em`, so they grow with the text.
    static let pageStyle = """
        html { color: #1a1a1a; background: #fff; }
        body { margin: 0; padding: 12px; overflow-wrap: normal; hyphens: manual;
          font: var(--fontd-body-font, 400 1rem/1.4 sans-serif); letter-spacing: var(--fontd-body-letter-spacing, normal);
          word-spacing: var(--fontd-body-word-spacing, normal); }
        main { max-width: 44em; margin: 0 auto; }
        h1 { margin: 0 0 0.3em; font: var(--fontd-title1-font, 400 1.75rem/1.2 sans-serif);
          letter-spacing: var(--fontd-title1-letter-spacing, normal); }
        h2, h3 { margin: 1em 0 0.4em; font: var(--fontd-headline-font, 600 1rem/1.3 sans-serif);
          letter-spacing: var(--fontd-headline-letter-spacing, normal); }
        .small, .hint { font: var(--fontd-footnote-font, 400 0.8rem/1.35 sans-serif); letter-spacing: var(--fontd-footnote-letter-spacing, normal); }
        p, ul { margin: 0 0 0.6em; }
        a { color: #1d4ed8; }
        :focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
        .row { display: flex; flex-wrap: wrap; gap: 0 0.5em; align-items: baseline; }
        output { font-weight: bold; }
        input[type="range"] { display: block; box-sizing: border-box; width: 100%; height: max(1.6em, 44px); margin: 0.25em 0;
          font: inherit; background: transparent; -webkit-appearance: none; appearance: none; }
        input[type="range"]::-webkit-slider-runnable-track { height: 0.3em; border-radius: 0.15em; background: #767676; }
        input[type="range"]::-webkit-slider-thumb { -webkit-appearance: none; width: 1.2em; height: 1.2em; margin-top: -0.45em;
          border: 0.12em solid #fff; border-radius: 50%; background: #1d4ed8; box-shadow: 0 0 0 1px #1d4ed8; }
        input[type="range"]::-moz-range-track { height: 0.3em; border-radius: 0.15em; background: #767676; }
        input[type="range"]::-moz-range-thumb { width: 1.2em; height: 1.2em; border: 0.12em solid #fff; border-radius: 50%;
          background: #1d4ed8; box-shadow: 0 0 0 1px #1d4ed8; }
        .ends { display: flex; justify-content: space-between; }
        #sample { border-left: 4px solid #1d4ed8; padding-left: 0.5em; }
        .choice { display: flex; gap: 0.5em; align-items: first baseline; margin: 0 0 0.4em; }
        .choice input { flex: none; font: inherit; width: 1em; height: 1em; margin: 0; accent-color: #1d4ed8; }
        .choice label, .choice span { flex: 1 1 auto; min-width: 0; }
        .hint { margin-left: 1.5em; }
        fieldset .hint { margin-left: 0; }
        select { font: inherit; max-width: 100%; }
        fieldset { min-width: 0; margin: 0 0 0.6em; padding: 0.4em 0.6em; border: 1px solid #767676; border-radius: 4px; }
        legend { padding: 0 0.25em; }
        #targets, #start { list-style: none; padding: 0; }
        #targets > li { border-top: 1px solid #767676; padding: 0.4em 0; }
        #targets p { margin: 0 0 0.2em; }
        .fit { display: block; }
        .word { white-space: nowrap; }
        """
}
