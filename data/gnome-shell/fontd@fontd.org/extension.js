// fontd@fontd.org for GNOME Shell 43 and 44 (the `imports` flavour): the Shell's modules handed to the shared control
// (control.js; fontd's docs/DESIGN.md §37 (The reader's control), "The GNOME Shell extension").

/* exported init */
const {Clutter, Gio, GLib, GObject, St} = imports.gi;
const Main = imports.ui.main;
const PopupMenu = imports.ui.popupMenu;
const QuickSettings = imports.ui.quickSettings;
const Me = imports.misc.extensionUtils.getCurrentExtension();

class FontdExtension {
    constructor() {
        this._control = Me.imports.control.fontdControl({Clutter, Gio, GLib, GObject, St, PopupMenu, QuickSettings, Main});
        this._indicator = null;
    }

    enable() {
        this._indicator = this._control.enable();
    }

    disable() {
        this._indicator?.destroy();
        this._indicator = null;
    }
}

function init() {
    return new FontdExtension();
}
