// fontd@fontd.org for GNOME Shell 45 and later (the ES-module flavour): the Shell's modules handed to the shared
// control (control.js, made a module by `fontd desktop install`; fontd's docs/DESIGN.md §37 (The reader's control),
// "The GNOME Shell extension").
import Clutter from 'gi://Clutter';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import GObject from 'gi://GObject';
import St from 'gi://St';

import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';
import * as QuickSettings from 'resource:///org/gnome/shell/ui/quickSettings.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

import {fontdControl} from './control.js';

const control = fontdControl({Clutter, Gio, GLib, GObject, St, PopupMenu, QuickSettings, Main});

export default class FontdExtension extends Extension {
    enable() {
        this._indicator = control.enable();
    }

    disable() {
        this._indicator?.destroy();
        this._indicator = null;
    }
}
