"""Files as the Bot API sends them in a Message (core.telegram.org/bots/api: PhotoSize, Animation, Video,
VideoNote, Audio, Document, Sticker), each under its field, with only the fields the documentation gives."""

from __future__ import annotations

from typing import Any


def _file(n: int) -> dict[str, Any]:
    return {"file_id": f"BQACAgIAAxkBAAIB{n}", "file_unique_id": f"AgADu{n}"}


# "photo: Array of PhotoSize": the sizes Telegram made of one photo, smallest first
PHOTO = {"photo": [{**_file(1), "width": 90, "height": 67, "file_size": 1310},
                   {**_file(2), "width": 1280, "height": 960, "file_size": 90120}]}
DOCUMENT = {"document": {**_file(3), "file_name": "setlist\nfriday.pdf", "mime_type": "application/pdf",
                         "file_size": 48211}}
UNNAMED_DOCUMENT = {"document": {**_file(4), "mime_type": "application/octet-stream", "file_size": 12}}
VIDEO = {"video": {**_file(5), "width": 1920, "height": 1080, "duration": 14, "file_name": "clutch.mp4",
                   "mime_type": "video/mp4"}}
VIDEO_NOTE = {"video_note": {**_file(6), "length": 384, "duration": 9}}
AUDIO = {"audio": {**_file(7), "duration": 201, "performer": "Daft Punk", "title": "One More Time",
                   "file_name": "01 - one more time.mp3", "mime_type": "audio/mpeg"}}
# "For backward compatibility, when this field is set, the document field will also be set"
ANIMATION = {"animation": {**_file(8), "width": 480, "height": 270, "duration": 3, "file_name": "giphy.mp4",
                           "mime_type": "video/mp4"},
             "document": {**_file(8), "file_name": "giphy.mp4", "mime_type": "video/mp4"}}
STICKER = {"sticker": {**_file(9), "type": "regular", "width": 512, "height": 512, "is_animated": False,
                       "is_video": False, "emoji": "😂", "set_name": "HotCherry"}}
