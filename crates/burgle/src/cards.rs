//! The kinds of rooms, tools, loot, events and characters, with their names in both languages.

use serde::{Deserialize, Serialize};

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $key:literal, $en:literal, $fr:literal;)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every kind, in the order of the rules summary.
            pub const ALL: &'static [Self] = &[$(Self::$variant),*];

            /// The stable key used in content files and JSON.
            #[must_use]
            pub const fn key(self) -> &'static str {
                match self { $(Self::$variant => $key,)* }
            }

            /// The English name.
            #[must_use]
            pub const fn en(self) -> &'static str {
                match self { $(Self::$variant => $en,)* }
            }

            /// The French name.
            #[must_use]
            pub const fn fr(self) -> &'static str {
                match self { $(Self::$variant => $fr,)* }
            }

            /// The kind with this key (content files use dashes, JSON underscores: both work).
            #[must_use]
            pub fn from_key(key: &str) -> Option<Self> {
                let key = key.replace('-', "_");
                Self::ALL.iter().copied().find(|k| k.key() == key)
            }
        }
    };
}

named_enum! {
    /// The 20 kinds of room tiles.
    TileKind {
        Atrium = "atrium", "Atrium", "Cour intérieure";
        Camera = "camera", "Camera", "Caméra";
        FingerprintComputer = "fingerprint_computer", "Fingerprint Computer", "Salle informatique Empreinte";
        LaserComputer = "laser_computer", "Laser Computer", "Salle informatique Laser";
        MotionComputer = "motion_computer", "Motion Computer", "Salle informatique Tourniquet";
        Deadbolt = "deadbolt", "Deadbolt", "Serrure";
        Detector = "detector", "Detector", "Détecteur";
        Fingerprint = "fingerprint", "Fingerprint", "Empreinte digitale";
        Foyer = "foyer", "Foyer", "Hall";
        Keypad = "keypad", "Keypad", "Digicode";
        Laboratory = "laboratory", "Laboratory", "Laboratoire";
        Laser = "laser", "Laser", "Laser";
        Lavatory = "lavatory", "Lavatory", "Toilettes";
        Motion = "motion", "Motion", "Tourniquet";
        Safe = "safe", "Safe", "Coffre";
        SecretDoor = "secret_door", "Secret Door", "Porte secrète";
        ServiceDuct = "service_duct", "Service Duct", "Conduit de service";
        Stairs = "stairs", "Stairs", "Escalier";
        Thermo = "thermo", "Thermo", "Détecteur thermique";
        Walkway = "walkway", "Walkway", "Passerelle";
    }
}

impl TileKind {
    /// The computer room that can hack this room's alarm, if any.
    #[must_use]
    pub const fn computer(self) -> Option<Self> {
        match self {
            Self::Fingerprint => Some(Self::FingerprintComputer),
            Self::Laser => Some(Self::LaserComputer),
            Self::Motion => Some(Self::MotionComputer),
            _ => None,
        }
    }

    /// Whether this is one of the three computer rooms.
    #[must_use]
    pub const fn is_computer(self) -> bool {
        matches!(
            self,
            Self::FingerprintComputer | Self::LaserComputer | Self::MotionComputer
        )
    }
}

named_enum! {
    /// The 13 tools.
    Tool {
        Donuts = "donuts", "Donuts", "Donuts";
        Blueprints = "blueprints", "Blueprints", "Plans du bâtiment";
        Crowbar = "crowbar", "Crowbar", "Pied-de-biche";
        Emp = "emp", "E.M.P.", "E.M.P.";
        InvisibleSuit = "invisible_suit", "Invisible Suit", "Habit invisible";
        MakeupKit = "makeup_kit", "Makeup Kit", "Boîte de maquillage";
        Rollerskates = "rollerskates", "Rollerskates", "Rollers";
        SmokeBomb = "smoke_bomb", "Smoke Bomb", "Bombe fumigène";
        Stethoscope = "stethoscope", "Stethoscope", "Stéthoscope";
        CrystalBall = "crystal_ball", "Crystal Ball", "Boule de cristal";
        Dynamite = "dynamite", "Dynamite", "Dynamite";
        Virus = "virus", "Virus", "Virus";
        ThermalBomb = "thermal_bomb", "Thermal Bomb", "Bombe thermique";
    }
}

named_enum! {
    /// The 12 kinds of loot (13 cards: two Gold Bars).
    Loot {
        Tiara = "tiara", "Tiara", "Diadème";
        Stamp = "stamp", "Stamp", "Tampon";
        PersianKitty = "persian_kitty", "Persian Kitty", "Chat persan";
        Painting = "painting", "Painting", "Peinture";
        Mirror = "mirror", "Mirror", "Miroir";
        Keycard = "keycard", "Keycard", "Carte à puce";
        Isotope = "isotope", "Isotope", "Isotope";
        Gemstone = "gemstone", "Gemstone", "Joyau";
        CursedGoblet = "cursed_goblet", "Cursed Goblet", "Coupe maudite";
        Chihuahua = "chihuahua", "Chihuahua", "Chihuahua";
        Bust = "bust", "Bust", "Buste";
        GoldBar = "gold_bar", "Gold Bar", "Lingot d'or";
    }
}

named_enum! {
    /// The 26 events.
    EventCard {
        ThrowVoice = "throw_voice", "Throw Voice", "Écho";
        LostGrip = "lost_grip", "Lost Grip", "Perdre prise";
        Reboot = "reboot", "Reboot", "Redémarrage";
        VideoLoop = "video_loop", "Video Loop", "Boucle vidéo";
        GoWithYourGut = "go_with_your_gut", "Go With Your Gut", "Instinctif";
        BrownOut = "brown_out", "Brown Out", "Brouilleur";
        Lampshade = "lampshade", "Lampshade", "Abat-jour";
        FreightElevator = "freight_elevator", "Freight Elevator", "Monte-charge";
        TimeLock = "time_lock", "Time Lock", "Verrouillage temporisé";
        DeadDrop = "dead_drop", "Dead Drop", "Laisse tomber";
        SwitchSigns = "switch_signs", "Switch Signs", "Changer de signe";
        Shoplifting = "shoplifting", "Shoplifting", "Vol à l'étalage";
        JuryRig = "jury_rig", "Jury-rig", "Bricoleur";
        Gymnastics = "gymnastics", "Gymnastics", "Gymnastique";
        Crash = "crash", "Crash!", "Crash !";
        JumpTheGun = "jump_the_gun", "Jump the Gun", "Prendre de l'avance";
        ShiftChange = "shift_change", "Shift Change", "Changement de planning";
        Squeak = "squeak", "Squeak!", "Couic !";
        ChangeOfPlans = "change_of_plans", "Change of Plans", "Changement de plans";
        Daydreaming = "daydreaming", "Daydreaming", "Rêverie";
        BuddySystem = "buddy_system", "Buddy System", "Système de jumelage";
        WhereIsHe = "where_is_he", "Where Is He?", "Où est-il ?";
        Peekhole = "peekhole", "Peekhole", "Trou de serrure";
        KeycodeChange = "keycode_change", "Keycode Change", "Changement de code";
        Espresso = "espresso", "Espresso", "Espresso";
        HeadsUp = "heads_up", "Heads Up!", "Haut les mains !";
    }
}

named_enum! {
    /// The 9 characters; each has a basic and an advanced side.
    CharacterKind {
        Acrobat = "acrobat", "Acrobat", "L'acrobate";
        Hacker = "hacker", "Hacker", "Le pirate informatique";
        Hawk = "hawk", "Hawk", "Le faucon";
        Juicer = "juicer", "Juicer", "L'électronicienne";
        Peterman = "peterman", "Peterman", "Le gangster";
        Raven = "raven", "Raven", "Le fauconnier";
        Rigger = "rigger", "Rigger", "Le foreur";
        Rook = "rook", "Rook", "Le cerveau";
        Spotter = "spotter", "Spotter", "Le voyant";
    }
}

/// A character card's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The basic side, recommended for beginners.
    Basic,
    /// The side marked "Advanced".
    Advanced,
}

impl CharacterKind {
    /// The ability's name on this side, in English and French.
    #[must_use]
    pub const fn ability(self, side: Side) -> (&'static str, &'static str) {
        use CharacterKind as C;
        match (self, side) {
            (C::Acrobat, Side::Basic) => ("Flexibility", "Flexibilité"),
            (C::Acrobat, Side::Advanced) => ("Climb Window", "Escalade"),
            (C::Hacker, Side::Basic) => ("Jammer", "Brouilleur"),
            (C::Hacker, Side::Advanced) => ("Laptop", "Ordinateur"),
            (C::Hawk, Side::Basic) => ("X-Ray", "Rayon X"),
            (C::Hawk, Side::Advanced) => ("Enhance", "Amplificateur"),
            (C::Juicer, Side::Basic) => ("Crybaby", "Cri dans la nuit"),
            (C::Juicer, Side::Advanced) => ("Reroute", "Nouveau routage"),
            (C::Peterman, Side::Basic) => ("Steady Hands", "Main de précision"),
            (C::Peterman, Side::Advanced) => ("Drill", "Perçage"),
            (C::Raven, Side::Basic) => ("Distract", "Distraction"),
            (C::Raven, Side::Advanced) => ("Disrupt", "Interruption"),
            (C::Rigger, Side::Basic) => ("The Solution", "La solution"),
            (C::Rigger, Side::Advanced) => ("Tinker", "Bidouilleur"),
            (C::Rook, Side::Basic) => ("Orders", "Ordres"),
            (C::Rook, Side::Advanced) => ("Disguise", "Déguisement"),
            (C::Spotter, Side::Basic) => ("Clairvoyance", "Clairvoyance"),
            (C::Spotter, Side::Advanced) => ("Precognition", "Préconisation"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_box() {
        assert_eq!(TileKind::ALL.len(), 20);
        assert_eq!(Tool::ALL.len(), 13);
        assert_eq!(Loot::ALL.len(), 12);
        assert_eq!(EventCard::ALL.len(), 26);
        assert_eq!(CharacterKind::ALL.len(), 9);
    }

    #[test]
    fn keys_round_trip_with_dashes_or_underscores() {
        assert_eq!(
            TileKind::from_key("secret-door"),
            Some(TileKind::SecretDoor)
        );
        assert_eq!(
            TileKind::from_key("fingerprint_computer"),
            Some(TileKind::FingerprintComputer)
        );
        for k in TileKind::ALL {
            assert_eq!(TileKind::from_key(k.key()), Some(*k));
        }
    }
}
