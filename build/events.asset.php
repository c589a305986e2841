<?php return array('dependencies' => array(), 'version' => 'd0f9cedc8c7d1db5d124');
